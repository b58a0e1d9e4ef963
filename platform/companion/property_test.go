package companion

import (
	"maps"
	"math/rand/v2"
	"testing"
)

// randomCommand draws a command of a game, valid or not: counters of
// real and missing seats, the game's verbs with real and made-up targets.
func randomCommand(r *rand.Rand, game string, st State) Command {
	seat := "p" + itoa(1+r.IntN(st.Players()+1))
	mon := seat + ".m" + itoa(1+r.IntN(3))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	n := r.IntN(7) - 3
	if r.IntN(20) == 0 {
		return Command{Verb: "new-game"}
	}
	switch r.IntN(4) {
	case 0:
		return Command{Verb: "add", Target: seat + "." + pick("life", "sugar", "energy", "vp", "silver", "hp", "command"), N: n}
	case 1:
		return Command{Verb: "set", Target: pick("round", "turn", seat+".initiative", "pool"), Arg: pick("1", "3", "", "x")}
	}
	switch game {
	case "mystimons":
		c := Command{Verb: pick("summon", "attach", "pool", "evolve", "relic", "status", "attack", "phase", "end-turn", "remove"),
			Target: pick(mon, seat), N: n, Confirm: r.IntN(2) == 0}
		c.Arg = pick("Embrix", "Flaru", "Magmorus", "Pyrathor", "fire", "water", "any", "burn", "poison", "main", "energy", "Evolution Stone", mon, "p2.m1")
		return c
	case "mysticelements":
		return Command{Verb: pick("gain", "end-turn", "fly"), Target: seat}
	case "microlife":
		return Command{Verb: pick("end-turn", "fly")}
	case "athernum":
		return Command{Verb: pick("claim", "end-turn"), Target: seat}
	}
	return Command{Verb: pick("next-round", "score")}
}

// Over many random games of commands, in every game: a refused command
// changes nothing; an accepted one adds exactly one event; the table
// loaded from its log is the table; the same commands give the same log;
// a new game brings back the table as the players joined it, and undoing
// it the game; and undoing every event in reverse order brings back the
// table as the players joined it.
func TestPropertyRandomTables(t *testing.T) {
	for _, game := range Games() {
		t.Run(game, func(t *testing.T) {
			for run := range 150 {
				r := rand.New(rand.NewPCG(uint64(run), 7))
				tb := table(t, game, "Ada", "Ben")
				joined := tb.State()
				var cmds []Command
				var bys []int
				for range 40 {
					cmd := randomCommand(r, game, tb.State())
					by := r.IntN(2)
					before, seq := tb.State(), tb.Seq()
					_, err := tb.Do(by, "", cmd, t0)
					switch {
					case err != nil && (tb.Seq() != seq || !maps.Equal(before, tb.State())):
						t.Fatalf("run %d: the refused %+v changed the table", run, cmd)
					case err == nil && tb.Seq() != seq+1:
						t.Fatalf("run %d: %+v made %d events", run, cmd, tb.Seq()-seq)
					case err == nil:
						cmds, bys = append(cmds, cmd), append(bys, by)
					}
				}
				again, err := Load(tb.ID, tb.Game, tb.Log())
				if err != nil || !maps.Equal(again.State(), tb.State()) {
					t.Fatalf("run %d: the table loaded from its log differs (%v)", run, err)
				}
				twin := table(t, game, "Ada", "Ben")
				for i, cmd := range cmds {
					if _, err := twin.Do(bys[i], "", cmd, t0); err != nil {
						t.Fatalf("run %d: the same command %+v refused the second time: %v", run, cmd, err)
					}
				}
				if !maps.Equal(twin.State(), tb.State()) {
					t.Fatalf("run %d: the same commands gave another table", run)
				}
				// A new game is the table as its players joined it, and
				// undoing it brings the game back.
				if ev, err := twin.Do(1, "", Command{Verb: "new-game"}, t0); err == nil {
					if !maps.Equal(twin.State(), joined) {
						t.Fatalf("run %d: a new game left %v, want %v", run, twin.State(), joined)
					}
					do(t, twin, 0, Command{Verb: "undo", Seq: ev.Seq})
					if !maps.Equal(twin.State(), tb.State()) {
						t.Fatalf("run %d: undoing the new game left %v, want %v", run, twin.State(), tb.State())
					}
				} else if !maps.Equal(twin.State(), joined) {
					t.Fatalf("run %d: a new game refused (%v) at a table in play", run, err)
				}
				for seq := tb.Seq(); seq > 2; seq-- {
					if _, err := tb.Do(0, "", Command{Verb: "undo", Seq: seq}, t0); err != nil {
						t.Fatalf("run %d: undo %d: %v", run, seq, err)
					}
				}
				if !maps.Equal(tb.State(), joined) {
					t.Fatalf("run %d: undoing everything left %v, want %v", run, tb.State(), joined)
				}
			}
		})
	}
}
