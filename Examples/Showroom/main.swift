import ShowroomScenario

// The SwincyBox README's virtual showroom, wired with BoxKit in Examples/ShowroomScenario/ShowroomBox.swift.
for line in showroomTour() {
    print(line)
}
