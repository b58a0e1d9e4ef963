package tournament

import (
	"math"
	"sort"
)

// Points of a match and of a game, and the floor of every percentage, as
// the Magic: The Gathering Tournament Rules (Appendix C, tiebreakers) give
// them.
const (
	PointsForWin  = 3
	PointsForDraw = 1
	// PercentageFloor is the least a match-win or game-win percentage
	// counts for, so that a poor record does not punish its opponents too
	// much.
	PercentageFloor = 0.33
)

// tieTolerance treats tiebreakers this close as equal, so that the same
// average summed in another order does not split a tie.
const tieTolerance = 1e-9

// Standing is one player's line in the standings. The percentages are
// fractions from PercentageFloor to 1.
type Standing struct {
	Rank   int // from 1
	Player string
	// MatchPoints: 3 a match win (a bye is one), 1 a draw, 0 a loss.
	MatchPoints         int
	Wins, Losses, Draws int // match results, byes among the wins
	Byes                int
	// MatchWin is the match-win percentage: match points over 3 a match
	// played (byes included), at least the floor.
	MatchWin float64
	// OpponentsMatchWin (OMW) averages the MatchWin of every opponent met
	// (byes are no opponent).
	OpponentsMatchWin float64
	// GameWin is the game-win percentage: game points (3 a game won, 1 a
	// game drawn) over 3 a game played, a bye's 2-0 included.
	GameWin float64
	// OpponentsGameWin (OGW) averages the GameWin of every opponent met.
	OpponentsGameWin float64
	Dropped          bool
}

// record tallies one player's decided matches.
type record struct {
	matchPoints, matches      int
	wins, losses, draws, byes int
	gamePoints, games         int
	opponents                 []int
}

// standings ranks players by match points, then OMW, GW and OGW, then the
// order they were given (registration order) so that the ranking is total.
func standings(players []string, dropped []bool, rounds [][]Match) []Standing {
	index := make(map[string]int, len(players))
	for i, p := range players {
		index[p] = i
	}
	records := make([]record, len(players))
	for _, round := range rounds {
		for _, m := range round {
			tally(records, index, m)
		}
	}
	out := make([]Standing, len(players))
	for i, p := range players {
		r := records[i]
		out[i] = Standing{
			Player: p, MatchPoints: r.matchPoints, Dropped: dropped[i],
			Wins: r.wins, Losses: r.losses, Draws: r.draws, Byes: r.byes,
			MatchWin: percentage(r.matchPoints, r.matches),
			GameWin:  percentage(r.gamePoints, r.games),
		}
	}
	for i := range out {
		out[i].OpponentsMatchWin = opponentsAverage(records[i].opponents, out, func(s Standing) float64 { return s.MatchWin })
		out[i].OpponentsGameWin = opponentsAverage(records[i].opponents, out, func(s Standing) float64 { return s.GameWin })
	}
	sort.SliceStable(out, func(i, j int) bool { return ranksAbove(out[i], out[j]) })
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

func tally(records []record, index map[string]int, m Match) {
	outcome := m.Outcome()
	if outcome == Pending {
		return
	}
	a := index[m.A]
	if m.IsBye() {
		records[a].add(AWins, m.Score.WinsA, m.Score.WinsB, m.Score.Draws)
		records[a].byes++
		return
	}
	b := index[m.B]
	records[a].add(outcome, m.Score.WinsA, m.Score.WinsB, m.Score.Draws)
	records[b].add(mirror(outcome), m.Score.WinsB, m.Score.WinsA, m.Score.Draws)
	records[a].opponents = append(records[a].opponents, b)
	records[b].opponents = append(records[b].opponents, a)
}

// add counts one match from the player's side: won, lost and drawn games.
func (r *record) add(o Outcome, won, lost, drawn int) {
	r.matches++
	switch o {
	case AWins:
		r.wins++
		r.matchPoints += PointsForWin
	case BWins:
		r.losses++
	case Drawn:
		r.draws++
		r.matchPoints += PointsForDraw
	}
	r.gamePoints += PointsForWin*won + PointsForDraw*drawn
	r.games += won + lost + drawn
}

func mirror(o Outcome) Outcome {
	switch o {
	case AWins:
		return BWins
	case BWins:
		return AWins
	}
	return o
}

// percentage is points over the most that count could earn, at least the
// floor; nothing played counts as the floor.
func percentage(points, count int) float64 {
	if count == 0 {
		return PercentageFloor
	}
	return math.Max(PercentageFloor, float64(points)/float64(PointsForWin*count))
}

// opponentsAverage averages a percentage over the opponents met; a player
// who met none (only byes, or nothing played yet) gets the floor.
func opponentsAverage(opponents []int, byPlayer []Standing, of func(Standing) float64) float64 {
	if len(opponents) == 0 {
		return PercentageFloor
	}
	var sum float64
	for _, o := range opponents {
		sum += of(byPlayer[o])
	}
	return sum / float64(len(opponents))
}

func ranksAbove(a, b Standing) bool {
	if a.MatchPoints != b.MatchPoints {
		return a.MatchPoints > b.MatchPoints
	}
	for _, pair := range [][2]float64{
		{a.OpponentsMatchWin, b.OpponentsMatchWin},
		{a.GameWin, b.GameWin},
		{a.OpponentsGameWin, b.OpponentsGameWin},
	} {
		if math.Abs(pair[0]-pair[1]) > tieTolerance {
			return pair[0] > pair[1]
		}
	}
	return false
}
