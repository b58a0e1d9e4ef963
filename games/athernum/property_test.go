package athernum

import (
	"flag"
	"fmt"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

var long = flag.Bool("long", false, "play many more random games")

// mixedSetup varies seats (2, 3, 4) and variants across games.
func mixedSetup(i int) engine.Setup {
	v := map[string]string{varTurnLimit: "120"}
	for k, spec := range variants {
		if spec.Key == varTurnLimit {
			continue
		}
		if (i>>uint(k))%4 == 3 {
			v[spec.Key] = spec.Options[1]
		}
	}
	return engine.Setup{Game: "athernum", Seats: 2 + i%3, Seed: engine.SeedFor(42, i), Variant: v}
}

// invariants are the rules every position keeps.
func invariants(st engine.State) error {
	s := st.(*State)
	seen := make([]int, len(s.cards))
	for p := int8(0); p < s.n; p++ {
		pl := &s.pl[p]
		check := func(z zone, want uint8) error {
			for _, id := range s.zs(z) {
				seen[id]++
				if s.cards[id].zone != want || s.cards[id].owner != p {
					return fmt.Errorf("c%d listed in p%d's %s but says zone %s", id, p+1, zoneNames[want], zoneNames[s.cards[id].zone])
				}
			}
			return nil
		}
		for _, zz := range []struct {
			z zone
			k uint8
		}{{pl.deck, zDeck}, {pl.hand, zHand}, {pl.chars, zChars}, {pl.items, zItem}, {pl.discard, zDiscard}, {pl.void, zVoid}, {pl.extra, zExtra}} {
			if err := check(zz.z, zz.k); err != nil {
				return err
			}
			for _, id := range s.zs(zz.z) {
				if extra := s.def(id).extra; (zz.k == zExtra) != extra && (zz.k == zExtra || zz.k == zDeck || zz.k == zHand) {
					return fmt.Errorf("p%d's %s holds %s (AT-2.2: Extra-deck cards stay in the Extra deck until played)", p+1, zoneNames[zz.k], s.def(id).name)
				}
			}
		}
		for _, id := range []int16{pl.main, pl.loc} {
			if id != 0 {
				seen[id]++
			}
		}
		if pl.cmd < 0 || pl.cmd > 2 {
			return fmt.Errorf("p%d holds %d command tokens (AT-2.13: 0..2)", p+1, pl.cmd)
		}
		if pl.chars.n > 5 {
			return fmt.Errorf("p%d has %d characters (AT-2.4: at most 5)", p+1, pl.chars.n)
		}
		for f := 0; f < nFactions; f++ {
			if pl.ready[f] < 0 || pl.exh[f] < 0 || pl.pool[f] < 0 {
				return fmt.Errorf("p%d has negative resources", p+1)
			}
			if (s.phase == phEvening || s.phase == phNight) && pl.pool[f] != 0 {
				return fmt.Errorf("p%d's pool holds %d outside the Day (AT-4.6)", p+1, pl.pool[f])
			}
		}
		if pl.main != 0 && s.cards[pl.main].zone != zMain {
			return fmt.Errorf("main character c%d is in %s", pl.main, zoneNames[s.cards[pl.main].zone])
		}
		if pl.startDef != 0 && s.g.pool.defs[pl.startDef].typ == tCharacter && pl.main == 0 && !pl.out && s.phase != phSetup {
			return fmt.Errorf("p%d's main character left the field (AT-5.20)", p+1)
		}
	}
	for i := int8(0); i < s.sn; i++ {
		if it := s.stack[i]; it.kind == itCard {
			seen[it.src]++
			if s.cards[it.src].zone != zStack {
				return fmt.Errorf("c%d is on the stack but says %s", it.src, zoneNames[s.cards[it.src].zone])
			}
		}
	}
	for id := 1; id < len(s.cards); id++ {
		c := &s.cards[id]
		if c.flags&fToken != 0 && c.zone == zNone && seen[id] == 0 {
			continue // a token that does not exist now
		}
		if seen[id] != 1 {
			return fmt.Errorf("c%d (%s) is in %d zones", id, s.def(int16(id)).name, seen[id])
		}
		d := s.def(int16(id))
		if c.vp < 0 || c.vp > d.vp {
			return fmt.Errorf("c%d holds %d VP, its field is %d (AT-10.6)", id, c.vp, d.vp)
		}
		if c.dmg < 0 || c.exh < 0 {
			return fmt.Errorf("c%d has negative markers", id)
		}
		if !c.onField() && (c.vp != 0 || c.dmg != 0 || c.exh != 0) && c.zone != zStack {
			return fmt.Errorf("c%d in %s still carries markers", id, zoneNames[c.zone])
		}
		if c.zone == zItem {
			h := &s.cards[c.host]
			if !h.onField() || h.owner != c.owner {
				return fmt.Errorf("item c%d hangs on c%d, which is not on its owner's field", id, c.host)
			}
			if s.slotsFree(c.host) < 0 {
				return fmt.Errorf("c%d carries more items than its slots (AT-2.7)", c.host)
			}
		}
		if c.exh > 0 && !c.faceDown() {
			return fmt.Errorf("c%d has exhaustion markers but is face up (AT-5.21)", id)
		}
	}
	if s.vpPool() < 0 {
		return fmt.Errorf("the VP pool is negative (AT-7.1)")
	}
	return evaluationInRange(s)
}

// Random game 55156 of a long run: p3's Salt Oracle made p2, whose Day it
// was, draw from an empty deck. p2 lost, and the turn went to the Night
// with p1's pool still holding the 4 Grove its Bloom Druids had made in
// answer: the Night began without emptying the pools (AT-4.6, AT-7.4).
func TestTheActivePlayersLossEmptiesThePools(t *testing.T) {
	const game = 55156
	_, err := enginetest.Check(theGame, enginetest.Options{Games: 1, Setup: func(int) engine.Setup { return mixedSetup(game) },
		Invariants: invariants, DeepCheckEvery: 50})
	if err != nil {
		t.Fatal(err)
	}
}

func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 300
	}
	if *long {
		games = 20000
	}
	sum := enginetest.RandomGames(t, theGame, enginetest.Options{
		Games: games, Setup: mixedSetup, Invariants: invariants, DeepCheckEvery: 50,
	})
	t.Logf("%d games, %d actions, reasons %v, draws %d, wins %v", sum.Games, sum.Actions, sum.Reasons, sum.Draws, sum.Wins[:4])
	for _, v := range []string{"start", "trigger", "pass", "draw", "resource", "claim", "play", "attach", "activate", "support", "reveal", "combat", "attack", "defend", "nodefend", "endday", "item"} {
		if sum.Verbs[v] == 0 {
			t.Errorf("no random game used %q", v)
		}
	}
}

// TestGamesPlayedToWin: games between players who play to win (greedy,
// one move in four at random) go where random play seldom does, and every
// check of the random games holds there too.
func TestGamesPlayedToWin(t *testing.T) {
	n := 200
	if *long {
		n = 3000
	}
	sum := enginetest.RandomGames(t, theGame, enginetest.Options{Games: n, Setup: mixedSetup, Invariants: invariants, DeepCheckEvery: 50,
		Player: func(i int) enginetest.Player { return ai.NewNoisy(0.25, uint64(i)+1) }})
	t.Logf("%d games, %d actions, reasons %v, draws %d, verbs %v", sum.Games, sum.Actions, sum.Reasons, sum.Draws, sum.Verbs)
}
