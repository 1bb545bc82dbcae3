// BoxKit's own XXH3-64 with a seed, from the algorithm's published description: bit for bit the hash that
// libxxhash's XXH3_64bits_withSeed computes (XXH3Tests compares the two over every length to 4,096, longer
// inputs and random seeds, and checks the published test vectors). cbox_hash uses it where <xxhash.h> is not
// found, as in an app built by Xcode without Homebrew, or when CBOX_OWN_XXH3 is defined.
#include "CBoxTable.h"

enum {
    cbox__stripe_length = 64,
    cbox__secret_size = 192,
    cbox__secret_consume_rate = 8,
    cbox__accumulators = 8,
    cbox__midsize_max = 240,
    cbox__midsize_start_offset = 3,
    cbox__midsize_last_offset = 17,
    cbox__secret_size_min = 136,
    cbox__last_accumulate_start = 7,
    cbox__merge_accumulators_start = 11,
};

static const uint32_t cbox__prime32_1 = 0x9E3779B1u, cbox__prime32_2 = 0x85EBCA77u, cbox__prime32_3 = 0xC2B2AE3Du;
static const uint64_t cbox__prime64_1 = 0x9E3779B185EBCA87u, cbox__prime64_2 = 0xC2B2AE3D27D4EB4Fu,
                      cbox__prime64_3 = 0x165667B19E3779F9u, cbox__prime64_4 = 0x85EBCA77C2B2AE63u,
                      cbox__prime64_5 = 0x27D4EB2F165667C5u;
static const uint64_t cbox__prime_mx1 = 0x165667919E3779F9u, cbox__prime_mx2 = 0x9FB21C651E98DF25u;

/// XXH3's default secret: 192 published bytes.
static const uint8_t cbox__secret[cbox__secret_size] = {
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
    0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
    0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
    0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
};

static inline uint64_t cbox__read64(const uint8_t *p) {
    uint64_t value;
    memcpy(&value, p, sizeof value);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    value = __builtin_bswap64(value);
#pragma clang assume_nonnull end

#endif
    return value;
}

static inline uint32_t cbox__read32(const uint8_t *p) {
    uint32_t value;
    memcpy(&value, p, sizeof value);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    value = __builtin_bswap32(value);
#pragma clang assume_nonnull end

#endif
    return value;
}

static inline void cbox__write64(uint8_t *p, uint64_t value) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    value = __builtin_bswap64(value);
#pragma clang assume_nonnull end

#endif
    memcpy(p, &value, sizeof value);
}

static inline uint64_t cbox__rotl64(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

/// The 128-bit product of `a` and `b`, its two halves xor-ed.
static inline uint64_t cbox__mul128_fold64(uint64_t a, uint64_t b) {
    __uint128_t product = (__uint128_t)a * b;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
}

static inline uint64_t cbox__xxh64_avalanche(uint64_t h) {
    h ^= h >> 33;
    h *= cbox__prime64_2;
    h ^= h >> 29;
    h *= cbox__prime64_3;
    return h ^ (h >> 32);
}

static inline uint64_t cbox__avalanche(uint64_t h) {
    h ^= h >> 37;
    h *= cbox__prime_mx1;
    return h ^ (h >> 32);
}

static inline uint64_t cbox__rrmxmx(uint64_t h, uint64_t length) {
    h ^= cbox__rotl64(h, 49) ^ cbox__rotl64(h, 24);
    h *= cbox__prime_mx2;
    h ^= (h >> 35) + length;
    h *= cbox__prime_mx2;
    return h ^ (h >> 28);
}

static uint64_t cbox__length_0_to_16(const uint8_t *input, size_t length, uint64_t seed) {
    const uint8_t *secret = cbox__secret;
    if (length > 8) {
        uint64_t low_flip = (cbox__read64(secret + 24) ^ cbox__read64(secret + 32)) + seed;
        uint64_t high_flip = (cbox__read64(secret + 40) ^ cbox__read64(secret + 48)) - seed;
        uint64_t low = cbox__read64(input) ^ low_flip;
        uint64_t high = cbox__read64(input + length - 8) ^ high_flip;
        uint64_t accumulator = length + __builtin_bswap64(low) + high + cbox__mul128_fold64(low, high);
        return cbox__avalanche(accumulator);
    }
    if (length >= 4) {
        seed ^= (uint64_t)__builtin_bswap32((uint32_t)seed) << 32;
        uint64_t first = cbox__read32(input), last = cbox__read32(input + length - 4);
        uint64_t flip = (cbox__read64(secret + 8) ^ cbox__read64(secret + 16)) - seed;
        return cbox__rrmxmx((last + (first << 32)) ^ flip, length);
    }
    if (length > 0) {
        uint32_t combined = ((uint32_t)input[0] << 16) | ((uint32_t)input[length >> 1] << 24)
                            | (uint32_t)input[length - 1] | ((uint32_t)length << 8);
        uint64_t flip = (uint64_t)(cbox__read32(secret) ^ cbox__read32(secret + 4)) + seed;
        return cbox__xxh64_avalanche((uint64_t)combined ^ flip);
    }
    return cbox__xxh64_avalanche(seed ^ cbox__read64(secret + 56) ^ cbox__read64(secret + 64));
}

/// Sixteen bytes of input mixed with sixteen of the secret, moved by the seed.
static inline uint64_t cbox__mix16(const uint8_t *input, const uint8_t *secret, uint64_t seed) {
    return cbox__mul128_fold64(cbox__read64(input) ^ (cbox__read64(secret) + seed),
                               cbox__read64(input + 8) ^ (cbox__read64(secret + 8) - seed));
}

static uint64_t cbox__length_17_to_128(const uint8_t *input, size_t length, uint64_t seed) {
    const uint8_t *secret = cbox__secret;
    uint64_t accumulator = length * cbox__prime64_1;
    // Pairs of 16-byte blocks, one from each end, as many pairs as the length needs.
    for (size_t pair = 0; pair <= (length - 1) / 32; pair++) {
        accumulator += cbox__mix16(input + 16 * pair, secret + 32 * pair, seed);
        accumulator += cbox__mix16(input + length - 16 * (pair + 1), secret + 32 * pair + 16, seed);
    }
    return cbox__avalanche(accumulator);
}

static uint64_t cbox__length_129_to_240(const uint8_t *input, size_t length, uint64_t seed) {
    const uint8_t *secret = cbox__secret;
    uint64_t accumulator = length * cbox__prime64_1;
    size_t rounds = length / 16;
    for (size_t i = 0; i < 8; i++) accumulator += cbox__mix16(input + 16 * i, secret + 16 * i, seed);
    accumulator = cbox__avalanche(accumulator);
    for (size_t i = 8; i < rounds; i++) {
        accumulator += cbox__mix16(input + 16 * i, secret + 16 * (i - 8) + cbox__midsize_start_offset, seed);
    }
    accumulator += cbox__mix16(input + length - 16, secret + cbox__secret_size_min - cbox__midsize_last_offset, seed);
    return cbox__avalanche(accumulator);
}

/// One 64-byte stripe of input into the eight accumulators.
static inline void cbox__accumulate_stripe(uint64_t *accumulators, const uint8_t *input,
                                           const uint8_t *secret) {
    for (size_t i = 0; i < cbox__accumulators; i++) {
        uint64_t data = cbox__read64(input + 8 * i);
        uint64_t keyed = data ^ cbox__read64(secret + 8 * i);
        accumulators[i ^ 1] += data;
        accumulators[i] += (keyed & 0xFFFFFFFFu) * (keyed >> 32);
    }
}

static inline void cbox__scramble(uint64_t *accumulators, const uint8_t *secret) {
    for (size_t i = 0; i < cbox__accumulators; i++) {
        uint64_t accumulator = accumulators[i];
        accumulator ^= accumulator >> 47;
        accumulator ^= cbox__read64(secret + 8 * i);
        accumulators[i] = accumulator * cbox__prime32_1;
    }
}

static uint64_t cbox__length_above_240(const uint8_t *input, size_t length, uint64_t seed) {
    // The secret for a seed: each 16-byte pair of the default secret, its first half plus the seed and its
    // second minus it.
    uint8_t secret[cbox__secret_size];
    for (size_t i = 0; i < cbox__secret_size; i += 16) {
        cbox__write64(secret + i, cbox__read64(cbox__secret + i) + seed);
        cbox__write64(secret + i + 8, cbox__read64(cbox__secret + i + 8) - seed);
    }
    uint64_t accumulators[cbox__accumulators] = {
        cbox__prime32_3, cbox__prime64_1, cbox__prime64_2, cbox__prime64_3,
        cbox__prime64_4, cbox__prime32_2, cbox__prime64_5, cbox__prime32_1,
    };
    const size_t stripes_per_block = (cbox__secret_size - cbox__stripe_length) / cbox__secret_consume_rate;
    const size_t block_length = cbox__stripe_length * stripes_per_block;
    const size_t blocks = (length - 1) / block_length;
    for (size_t block = 0; block < blocks; block++) {
        for (size_t stripe = 0; stripe < stripes_per_block; stripe++) {
            cbox__accumulate_stripe(accumulators, input + block * block_length + stripe * cbox__stripe_length,
                                    secret + stripe * cbox__secret_consume_rate);
        }
        cbox__scramble(accumulators, secret + cbox__secret_size - cbox__stripe_length);
    }
    // The last, partial block's whole stripes, then the input's last 64 bytes (which may overlap them).
    const size_t stripes = ((length - 1) - block_length * blocks) / cbox__stripe_length;
    for (size_t stripe = 0; stripe < stripes; stripe++) {
        cbox__accumulate_stripe(accumulators, input + blocks * block_length + stripe * cbox__stripe_length,
                                secret + stripe * cbox__secret_consume_rate);
    }
    cbox__accumulate_stripe(accumulators, input + length - cbox__stripe_length,
                            secret + cbox__secret_size - cbox__stripe_length - cbox__last_accumulate_start);
    uint64_t result = (uint64_t)length * cbox__prime64_1;
    const uint8_t *merge_secret = secret + cbox__merge_accumulators_start;
    for (size_t i = 0; i < 4; i++) {
        result += cbox__mul128_fold64(accumulators[2 * i] ^ cbox__read64(merge_secret + 16 * i),
                                      accumulators[2 * i + 1] ^ cbox__read64(merge_secret + 16 * i + 8));
    }
    return cbox__avalanche(result);
}

uint64_t cbox_xxh3_64(const void *input, size_t length, uint64_t seed) {
    const uint8_t *bytes = input;
    if (length <= 16) return cbox__length_0_to_16(bytes, length, seed);
    if (length <= 128) return cbox__length_17_to_128(bytes, length, seed);
    if (length <= cbox__midsize_max) return cbox__length_129_to_240(bytes, length, seed);
    return cbox__length_above_240(bytes, length, seed);
}
