package enginetest_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/enginetest/trick"
)

func setup(i int) engine.Setup {
	v := map[string]string{}
	if i%2 == 1 {
		v["ties"] = "leader"
	}
	return engine.Setup{Game: "trick", Seats: 2 + i%3, Seed: uint64(i), Variant: v}
}

func TestRandomGamesPassOnACorrectGame(t *testing.T) {
	sum := enginetest.RandomGames(t, trick.Game{}, enginetest.Options{Games: 300, Setup: setup})
	if sum.Games != 300 || sum.Verbs["play"] != sum.Actions {
		t.Fatalf("summary %+v does not count 300 games of play actions", sum)
	}
	if sum.Draws == sum.Games {
		t.Fatal("every game was a draw")
	}
}

func TestRandomGamesCatchALeakyView(t *testing.T) {
	_, err := enginetest.Check(trick.Game{Leak: true}, enginetest.Options{Games: 5, Setup: setup})
	if err == nil || !strings.Contains(err.Error(), "changes under Determinize") {
		t.Fatalf("a view that shows other hands was not caught: %v", err)
	}
}

func TestRandomGamesCatchAHandListThatDisagreesWithTheView(t *testing.T) {
	_, err := enginetest.Check(trick.Game{ShortHand: true}, enginetest.Options{Games: 5, Setup: setup})
	if err == nil || !strings.Contains(err.Error(), "HandCards(") {
		t.Fatalf("a hand list that leaves out a card was not caught: %v", err)
	}
}

func TestRandomGamesCatchADeterminizeThatSeesHiddenCards(t *testing.T) {
	_, err := enginetest.Check(trick.Game{Unsorted: true}, enginetest.Options{Games: 5, Setup: setup})
	if err == nil || !strings.Contains(err.Error(), "depends on hidden information") {
		t.Fatalf("a determinization that depends on hidden order was not caught: %v", err)
	}
}

func TestRandomGamesCatchAFailingInvariant(t *testing.T) {
	_, err := enginetest.Check(trick.Game{}, enginetest.Options{Games: 3, Setup: setup,
		Invariants: func(s engine.State) error {
			if s.Turn() > 2 {
				return errTooLong
			}
			return nil
		}})
	if err == nil || !strings.Contains(err.Error(), "invariant") {
		t.Fatalf("invariant failure not reported: %v", err)
	}
}

// With -enginetest.records DIR, a failing game's record is written there
// and named in the failure: it replays to the state where the check
// failed.
func TestAFailingGamesRecordIsKept(t *testing.T) {
	dir := t.TempDir()
	if err := flag.Set("enginetest.records", dir); err != nil {
		t.Fatal(err)
	}
	defer flag.Set("enginetest.records", "")
	_, err := enginetest.Check(trick.Game{}, enginetest.Options{Games: 3, Setup: setup,
		Invariants: func(s engine.State) error {
			if s.Turn() > 2 {
				return errTooLong
			}
			return nil
		}})
	path := filepath.Join(dir, "trick-game-0.json")
	if err == nil || !strings.Contains(err.Error(), "kartenwerk replay "+path) {
		t.Fatalf("the failure does not name the record %s: %v", path, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rec engine.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	s, err := engine.Replay(trick.Game{}, rec)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if s.Turn() != 3 {
		t.Errorf("the record replays to turn %d, want 3, where the invariant failed", s.Turn())
	}
}

var errTooLong = errorString("turn > 2")

type errorString string

func (e errorString) Error() string { return string(e) }

func FuzzTrick(f *testing.F) {
	enginetest.FuzzActions(f, trick.Game{}, func(seed uint64) engine.Setup { return setup(int(seed % 7)) })
}

func BenchmarkTrickRandomGame(b *testing.B) { enginetest.BenchRandomGames(b, trick.Game{}, setup) }
func BenchmarkTrickClone(b *testing.B)      { enginetest.BenchClone(b, trick.Game{}, setup(0)) }
func BenchmarkTrickLegalApply(b *testing.B) { enginetest.BenchLegalApply(b, trick.Game{}, setup(0)) }

// Each new check catches the trick game broken in the way it looks for,
// and says what leaked, where and to whom.
func TestRandomGamesCatchLeaksOfHiddenCards(t *testing.T) {
	cases := []struct {
		name  string
		game  trick.Game
		wants []string
	}{
		{"a label naming the mover's other cards", trick.Game{LeakLabel: true},
			[]string{"Describe(", "names", "hidden from", ".hand", "goes to every seat's log"}},
		{"an error naming a hidden card", trick.Game{LeakError: true},
			[]string{"refusing", "the error", "names", "hidden from p"}},
		{"an error that tells a hand from a deck", trick.Game{TellingError: true},
			[]string{"refusing", "tells what is hidden from p", "determinization", "in another player's hand", "is not in p"}},
		{"a Determinize that keeps other hands", trick.Game{KeepHands: true},
			[]string{"is hidden from p", "in all 50 determinizations", "has never seen its cards", "does not resample it"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := enginetest.Check(c.game, enginetest.Options{Games: 20, Setup: setup})
			if err == nil {
				t.Fatal("not caught")
			}
			for _, w := range c.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the failure %q does not say %q", err, w)
				}
			}
		})
	}
}

// A label may name a card the action shows every seat in passing and
// hides again, as the game says; one the game does not say it showed is a
// leak. With Recycle, a trick's last card is played face up and goes
// under its owner's deck in the same action, and every seat's log says
// "plays" it.
func TestRandomGamesAllowCardsShownInPassing(t *testing.T) {
	if _, err := enginetest.Check(trick.Game{Recycle: true}, enginetest.Options{Games: 20, Setup: setup}); err != nil {
		t.Fatalf("a card shown in passing, named in the log: %v", err)
	}
	_, err := enginetest.Check(trick.Game{Recycle: true, ForgetShown: true}, enginetest.Options{Games: 20, Setup: setup})
	if err == nil || !strings.Contains(err.Error(), "the action reveals no card so named") {
		t.Fatalf("a game that does not say it showed the card: %v", err)
	}
}

// A refusal that tells one unseen card from another is caught even where
// the determinization keeps it in place: here other hands stay as they are.
func TestRandomGamesCatchARefusalThatTellsUnseenCardsApart(t *testing.T) {
	game := trick.Game{TellingError: true, KeepHands: true}
	_, err := enginetest.Check(game, enginetest.Options{Games: 20, Setup: setup, Skip: enginetest.DeterminizeVaries})
	if err == nil || !strings.Contains(err.Error(), "tell cards it has never seen apart") || !strings.Contains(err.Error(), "in another player's hand") {
		t.Fatalf("a refusal that tells a hand from a deck was not caught: %v", err)
	}
}

// Options.Skip switches exactly the named check off.
func TestSkipSwitchesOneCheckOff(t *testing.T) {
	broken := trick.Game{LeakLabel: true, LeakError: true, TellingError: true, KeepHands: true}
	all := enginetest.DescribeLeaks | enginetest.ErrorLeaks | enginetest.DeterminizeVaries
	if _, err := enginetest.Check(broken, enginetest.Options{Games: 20, Setup: setup, Skip: all}); err != nil {
		t.Fatalf("with every new check skipped: %v", err)
	}
	for _, keep := range []enginetest.Checks{enginetest.DescribeLeaks, enginetest.ErrorLeaks, enginetest.DeterminizeVaries} {
		if _, err := enginetest.Check(broken, enginetest.Options{Games: 20, Setup: setup, Skip: all &^ keep}); err == nil {
			t.Errorf("check %b is on but caught nothing", keep)
		}
	}
}
