package ai

import (
	"fmt"
	"strings"
)

// The difficulty levels a lobby offers, weakest first. Each game has its
// own agent for each level, chosen by measurement (docs/ai-levels.md):
// the same agent is a fair opponent in one game and hopeless or
// unbeatable in another, since the games differ in how much a move
// matters against the luck of the draw.
const (
	Easy   = "easy"
	Medium = "medium"
	Hard   = "hard"
)

// Levels lists the level names, weakest first.
var Levels = []string{Easy, Medium, Hard}

// Measured is a level's measured win rate against the level below it, in
// mirrored games (each deal once from each seat), with its 95% interval
// and the command that measured it.
type Measured struct {
	Rate, Low, High float64
	Command         string
}

// LevelSetting is one level of one game: its agent spec and, above the
// easiest level, how it fared against the level below.
type LevelSetting struct {
	Spec    string
	VsBelow Measured
}

// defaultLevels serve a game that has not been measured: a greedy agent
// that errs half the time, the greedy agent, and a search.
var defaultLevels = [3]LevelSetting{{Spec: "noisy:random=0.5"}, {Spec: "greedy"}, {Spec: "ismcts:iters=1000"}}

// gameLevels are the measured settings by game id, weakest first.
var gameLevels = map[string][3]LevelSetting{
	"athernum": {
		{Spec: "noisy:random=0.5"},
		{Spec: "greedy", VsBelow: Measured{0.695, 0.67, 0.72, "strength athernum -n 1000 --agents random,noisy:random=0.5,greedy"}},
		{Spec: "ismcts:iters=500", VsBelow: Measured{0.900, 0.775, 0.959, "strength athernum -n 40 --agents greedy,ismcts:iters=500"}},
	},
	"microlife": {
		// Half-random play loses nothing here against greedy play (50.4%
		// [47, 54] over 1,000 games): most of a Micro-Life turn's choices
		// barely matter, so the beginner errs four times in five.
		{Spec: "noisy:random=0.8"},
		// The learned evaluation judges Micro-Life far better than the
		// hand-written one (greedy with it wins 98.5% [97, 99] against
		// plain greedy), so the middle level uses it.
		{Spec: "greedy:eval=learned", VsBelow: Measured{0.972, 0.95, 0.98, "strength microlife -n 400 --agents noisy:random=0.8,greedy:eval=learned"}},
		{Spec: "ismcts:iters=500", VsBelow: Measured{0.775, 0.60, 0.89, "strength microlife -n 40 --agents greedy:eval=learned,ismcts:iters=500"}},
	},
	"mysticelements": {
		{Spec: "noisy:random=0.5"},
		{Spec: "greedy", VsBelow: Measured{0.668, 0.64, 0.70, "strength mysticelements -n 1000 --agents random,noisy:random=0.5,greedy"}},
		{Spec: "ismcts:iters=500", VsBelow: Measured{1.000, 0.839, 1.000, "strength mysticelements -n 40 --agents greedy,ismcts:iters=500"}},
	},
	"mystimons": {
		{Spec: "noisy:random=0.5"},
		{Spec: "greedy", VsBelow: Measured{0.600, 0.57, 0.63, "strength mystimons -n 400 --agents noisy:random=0.5,greedy"}},
		// The deal decides most MystiMons games (greedy beats random only
		// 69%): a search needs 2,000 iterations with greedy playouts to
		// beat greedy clearly, where 1,000 won 54.0% [50, 58].
		{Spec: "ismcts:iters=2000,greedy=0.3", VsBelow: Measured{0.600, 0.55, 0.65, "strength mystimons -n 120 --seed 2 --agents greedy,ismcts:iters=2000,greedy=0.3"}},
	},
	"zynalith": {
		{Spec: "noisy:random=0.5"},
		// As in Micro-Life, greedy play judged by the learned evaluation is
		// the stronger middle level (85.2% [82, 88] against plain greedy).
		{Spec: "greedy:eval=learned", VsBelow: Measured{0.938, 0.91, 0.96, "strength zynalith -n 400 --agents noisy:random=0.5,greedy:eval=learned"}},
		// Greedy play is strong in Zynalith, and a search with mostly random
		// playouts misjudges its long rounds: 500 iterations with greedy=0.3
		// only broke even (52.5% [36.5, 68.0]).
		{Spec: "ismcts:iters=1000,greedy=0.6", VsBelow: Measured{0.825, 0.67, 0.92, "strength zynalith -n 40 --agents greedy:eval=learned,ismcts:iters=1000,greedy=0.6"}},
	},
}

// IsLevel reports whether name is a level rather than an agent spec.
func IsLevel(name string) bool {
	_, err := levelIndex(name)
	return err == nil
}

// Level returns the agent spec of a level ("easy", "medium", "hard") for
// a game, from the game's measured table, or the default one for a game
// not measured.
func Level(game, level string) (string, error) {
	i, err := levelIndex(level)
	if err != nil {
		return "", err
	}
	return LevelSettings(game)[i].Spec, nil
}

// LevelSettings returns a game's three levels, weakest first.
func LevelSettings(game string) [3]LevelSetting {
	if s, ok := gameLevels[game]; ok {
		return s
	}
	return defaultLevels
}

func levelIndex(level string) (int, error) {
	for i, l := range Levels {
		if strings.EqualFold(strings.TrimSpace(level), l) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown level %q: the levels are %s", level, strings.Join(Levels, ", "))
}
