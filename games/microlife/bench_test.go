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

// The verb constants must be the codec's numbers for their names.
func TestVerbNumbers(t *testing.T) {
	for name, v := range map[string]engine.Verb{"play": vPlay, "buy": vBuy, "buybasic": vBuyBasic,
		"discard": vDiscard, "use": vUse, "revive": vRevive, "attack": vAttack, "attackplayer": vAttackPlayer,
		"next": vNext, "resolve": vResolve, "target": vTarget, "pick": vPick, "dispose": vDispose, "yes": vYes, "no": vNo} {
		if got := codec.Verb(name); got != v {
			t.Errorf("verb %s is %d in the codec, the constant says %d", name, got, v)
		}
	}
	if n := len(codec.Verbs()); n != int(vNo) {
		t.Errorf("the codec has %d verbs, the constants %d", n, vNo)
	}
}
