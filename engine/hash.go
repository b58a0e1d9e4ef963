package engine

// Hasher builds a State's Hash from its fields, the same in every process
// and on every machine (unlike hash/maphash, whose seed is per process).
type Hasher struct {
	h uint64
}

// NewHasher starts a hash.
func NewHasher() Hasher { return Hasher{h: 0xcbf29ce484222325} }

// Uint64 adds a number.
func (h *Hasher) Uint64(v uint64) { h.h = Mix64(h.h ^ v + 0x9e3779b97f4a7c15) }

// Int adds a number.
func (h *Hasher) Int(v int) { h.Uint64(uint64(v)) }

// Bool adds a flag.
func (h *Hasher) Bool(b bool) {
	if b {
		h.Uint64(1)
	} else {
		h.Uint64(2)
	}
}

// String adds a string.
func (h *Hasher) String(s string) {
	h.Int(len(s))
	for i := 0; i < len(s); i++ {
		h.h = (h.h ^ uint64(s[i])) * 0x100000001b3
	}
}

// Int16s adds a slice, its length included.
func (h *Hasher) Int16s(s []int16) {
	h.Int(len(s))
	for _, v := range s {
		h.Uint64(uint64(uint16(v)))
	}
}

// Ints adds a slice, its length included.
func (h *Hasher) Ints(s []int) {
	h.Int(len(s))
	for _, v := range s {
		h.Int(v)
	}
}

// Sum returns the hash.
func (h *Hasher) Sum() uint64 { return Mix64(h.h) }
