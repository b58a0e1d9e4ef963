package microlife

import (
	"testing"
	"unsafe"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func benchSetup(i int) engine.Setup {
	return engine.Setup{Game: "microlife", Seats: 2, Seed: uint64(i) + 1}
}

func BenchmarkRandomGames(b *testing.B) { enginetest.BenchRandomGames(b, Game{}, benchSetup) }

func BenchmarkClone(b *testing.B) { enginetest.BenchClone(b, Game{}, benchSetup(1)) }

func BenchmarkLegalApply(b *testing.B) { enginetest.BenchLegalApply(b, Game{}, benchSetup(1)) }

// Every rule reads card instances by id; at 32 bytes the address of
// s.cards[c] is a shift, which the hot paths measurably prefer.
func TestInstSize(t *testing.T) {
	if n := unsafe.Sizeof(inst{}); n != 32 {
		t.Errorf("inst is %d bytes; keep it at 32 (adjust the padding)", n)
	}
}
