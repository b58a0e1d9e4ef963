package tournament

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// swissTally counts what the random events exercised, for the log.
type swissTally struct {
	events, rounds, matches, byes, byeFallbacks, secondByes, noPairing, drops, corrections int
}

// eventShape is how the random events of one test are drawn.
type eventShape struct {
	minPlayers, maxPlayers int
	rounds                 func(rng *rand.Rand, players int) int
	dropChance             float64 // per active player before each round
}

// TestPropertyRandomSwissEvents plays 1000 random events of 5 to 33
// players (MM-7.5 tournament mode) over the recommended number of rounds
// or one more, with random results, drops and corrections, and checks
// after every round: no rematch, every active player paired exactly once
// and no dropped player paired, the bye to the lowest-ranked player without
// one (or, when the others could then not be paired, the next in line),
// match points from results, and every percentage within [0.33, 1].
func TestPropertyRandomSwissEvents(t *testing.T) {
	runRandomEvents(t, 1000, eventShape{5, 33, func(rng *rand.Rand, n int) int { return RecommendedRounds(n) + rng.IntN(2) }, 0.06})
}

// TestPropertyRandomLongSmallSwissEvents plays 1000 small events of 3 to 9
// players with as many rounds as players and frequent drops, so that the
// field runs out of pairings and every player may have had a bye: the
// same checks, and ErrNoPairing only when no pairing exists.
func TestPropertyRandomLongSmallSwissEvents(t *testing.T) {
	runRandomEvents(t, 1000, eventShape{3, 9, func(_ *rand.Rand, n int) int { return n }, 0.12})
}

func runRandomEvents(t *testing.T, events int, shape eventShape) {
	rng := rand.New(rand.NewPCG(7, uint64(shape.maxPlayers)))
	var tally swissTally
	for event := 0; event < events; event++ {
		playRandomEvent(t, rng, shape, &tally)
		if t.Failed() {
			t.Fatalf("event %d failed", event)
		}
	}
	t.Logf("%d events, %d rounds, %d matches, %d byes (%d passing over a lower player the others could then not be paired without, %d second byes when all had one), %d rounds with no pairing, %d drops, %d corrections",
		tally.events, tally.rounds, tally.matches, tally.byes, tally.byeFallbacks, tally.secondByes, tally.noPairing, tally.drops, tally.corrections)
	if tally.byes == 0 || tally.drops == 0 || tally.corrections == 0 {
		t.Errorf("the random events never exercised byes, drops or corrections: %+v", tally)
	}
}

func playRandomEvent(t *testing.T, rng *rand.Rand, shape eventShape, tally *swissTally) {
	n := shape.minPlayers + rng.IntN(shape.maxPlayers-shape.minPlayers+1)
	players := make([]string, n)
	for i := range players {
		players[i] = fmt.Sprintf("p%02d", i)
	}
	event, err := NewSwiss(players, shape.rounds(rng, n))
	must(t, err)
	tally.events++
	met := map[[2]string]bool{}
	hadBye := map[string]bool{}
	for round := 1; round <= event.Rounds(); round++ {
		dropRandomly(t, rng, event, shape.dropChance, tally)
		ranked := event.activeRanked()
		if len(ranked) < 2 {
			return
		}
		matches, err := event.PairRound()
		if errors.Is(err, ErrNoPairing) {
			if _, ok := expectedBye(ranked, met, hadBye); ok {
				t.Errorf("round %d of %v: ErrNoPairing, yet a pairing without rematch exists", round, ranked)
			}
			tally.noPairing++
			return
		}
		must(t, err)
		checkRound(t, round, ranked, matches, met, hadBye, tally)
		dropRandomly(t, rng, event, 0.02, tally)
		playRound(t, rng, event, matches)
		correctRandomly(t, rng, event, tally)
		checkStandings(t, event)
	}
}

func dropRandomly(t *testing.T, rng *rand.Rand, event *Swiss, chance float64, tally *swissTally) {
	for _, p := range event.activeRanked() {
		if rng.Float64() < chance {
			must(t, event.Drop(p))
			tally.drops++
		}
	}
}

// checkRound checks one round's pairing and records who met whom.
func checkRound(t *testing.T, round int, ranked []string, matches []Match, met map[[2]string]bool, hadBye map[string]bool, tally *swissTally) {
	t.Helper()
	seen := map[string]int{}
	for _, m := range matches {
		seen[m.A]++
		if m.IsBye() {
			continue
		}
		seen[m.B]++
		if met[key(m.A, m.B)] {
			t.Errorf("round %d: rematch %s v %s", round, m.A, m.B)
		}
	}
	for _, p := range ranked {
		if seen[p] != 1 {
			t.Errorf("round %d: active player %s paired %d times", round, p, seen[p])
		}
	}
	if len(seen) != len(ranked) {
		t.Errorf("round %d: %d players paired, %d active (a dropped player was paired)", round, len(seen), len(ranked))
	}
	want, _ := expectedBye(ranked, met, hadBye)
	got := ""
	if last := matches[len(matches)-1]; last.IsBye() {
		got = last.A
	}
	if got != want {
		t.Errorf("round %d: bye to %q, want %q (ranking %v)", round, got, want, ranked)
	}
	if got != "" {
		tally.byes++
		switch lowest := lowestWithoutBye(ranked, hadBye); {
		case lowest == "":
			tally.secondByes++
		case got != lowest:
			tally.byeFallbacks++
		}
		hadBye[got] = true
	}
	for _, m := range matches {
		if !m.IsBye() {
			met[key(m.A, m.B)] = true
		}
	}
	tally.rounds++
	tally.matches += len(matches)
}

// expectedBye is, by the rule, who gets the bye: the lowest-ranked player
// without one whose absence lets the rest be paired without rematches,
// else the lowest-ranked such player among those who had one. It is ""
// for an even count, and ok is false when no pairing exists at all.
func expectedBye(ranked []string, met map[[2]string]bool, hadBye map[string]bool) (string, bool) {
	all := uint64(1)<<len(ranked) - 1
	memo := map[uint64]bool{}
	if len(ranked)%2 == 0 {
		return "", pairable(ranked, met, all, memo)
	}
	for _, second := range []bool{false, true} {
		for i := len(ranked) - 1; i >= 0; i-- {
			if hadBye[ranked[i]] == second && pairable(ranked, met, all&^(1<<i), memo) {
				return ranked[i], true
			}
		}
	}
	return "", false
}

func lowestWithoutBye(ranked []string, hadBye map[string]bool) string {
	for i := len(ranked) - 1; i >= 0; i-- {
		if !hadBye[ranked[i]] {
			return ranked[i]
		}
	}
	return ""
}

// pairable says whether the players in set can all be paired without a
// rematch: an exhaustive search over bit sets, written apart from the
// pairer it checks.
func pairable(ranked []string, met map[[2]string]bool, set uint64, memo map[uint64]bool) bool {
	if set == 0 {
		return true
	}
	if known, ok := memo[set]; ok {
		return known
	}
	first := bits.TrailingZeros64(set)
	rest := set &^ (1 << first)
	found := false
	for others := rest; others != 0 && !found; others &= others - 1 {
		j := bits.TrailingZeros64(others)
		if !met[key(ranked[first], ranked[j])] {
			found = pairable(ranked, met, rest&^(1<<j), memo)
		}
	}
	memo[set] = found
	return found
}

func key(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// playRound gives every match a random result, by any of the ways the
// server can record one.
func playRound(t *testing.T, rng *rand.Rand, event *Swiss, matches []Match) {
	for _, m := range matches {
		if m.IsBye() {
			continue
		}
		switch rng.IntN(3) {
		case 0:
			must(t, event.Report(m.Round, m.Table, randomScore(rng)))
		case 1:
			for event.Round(m.Round)[m.Table-1].Outcome() == Pending {
				choices := []string{m.A, m.B, m.A, m.B, ""}
				if event.Round(m.Round)[m.Table-1].Score.Draws == maxDrawnGames {
					choices = choices[:4]
				}
				must(t, event.RecordGame(m.Round, m.Table, choices[rng.IntN(len(choices))]))
				if rng.IntN(8) == 0 && event.Round(m.Round)[m.Table-1].Outcome() == Pending {
					must(t, event.EndMatch(m.Round, m.Table))
				}
			}
		default:
			must(t, event.RecordGame(m.Round, m.Table, m.B))
			must(t, event.EndMatch(m.Round, m.Table))
		}
	}
}

func randomScore(rng *rand.Rand) GameScore {
	return []GameScore{
		{WinsA: 2}, {WinsA: 2, WinsB: 1}, {WinsB: 2}, {WinsA: 1, WinsB: 2},
		{WinsA: 1, WinsB: 1, Draws: 1}, {WinsA: 1}, {Draws: 3}, {},
	}[rng.IntN(8)]
}

func correctRandomly(t *testing.T, rng *rand.Rand, event *Swiss, tally *swissTally) {
	if rng.IntN(5) != 0 {
		return
	}
	round := event.Round(1 + rng.IntN(event.Paired()))
	m := round[rng.IntN(len(round))]
	if m.IsBye() {
		return
	}
	must(t, event.Correct(m.Round, m.Table, randomScore(rng), "judge's ruling"))
	tally.corrections++
}

func checkStandings(t *testing.T, event *Swiss) {
	t.Helper()
	standings := event.Standings()
	for i, s := range standings {
		for name, p := range map[string]float64{"MW": s.MatchWin, "OMW": s.OpponentsMatchWin, "GW": s.GameWin, "OGW": s.OpponentsGameWin} {
			if p < PercentageFloor || p > 1 {
				t.Errorf("%s: %s %.4f outside [0.33, 1]", s.Player, name, p)
			}
		}
		if s.MatchPoints != PointsForWin*s.Wins+PointsForDraw*s.Draws {
			t.Errorf("%s: %d match points from %d wins and %d draws", s.Player, s.MatchPoints, s.Wins, s.Draws)
		}
		if i > 0 && s.MatchPoints > standings[i-1].MatchPoints {
			t.Errorf("%s with %d points ranks below %s with %d", s.Player, s.MatchPoints, standings[i-1].Player, standings[i-1].MatchPoints)
		}
		if s.Rank != i+1 {
			t.Errorf("%s at place %d has rank %d", s.Player, i+1, s.Rank)
		}
	}
}
