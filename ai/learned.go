package ai

import (
	"embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sync"

	"kartenwerk/engine"
)

// Model is a learned position evaluation: a logistic regression that
// turns a seat's features (engine.Featurer) into its chance of winning,
// fitted to positions of simulated games labelled with their results.
type Model struct {
	Game     string   `json:"game"`
	Features []string `json:"features"`
	// Weights are the change in log-odds of winning per unit of each
	// feature; the model has no intercept, because the features are
	// relative and a seat's chance and its opponent's must add up to 1.
	Weights []float64 `json:"weights"`
	// StdErr are the weights' standard errors (from the inverse of the
	// penalised information matrix); Scale the spread of each feature
	// over the training positions, so that Weights[i]*Scale[i] compares
	// features measured in different units.
	StdErr []float64 `json:"stderr"`
	Scale  []float64 `json:"scale"`
	// How it was fitted: the agents of the games, their number and batch
	// seed, the positions used, and the L2 penalty.
	Agents    []string `json:"agents"`
	Games     int      `json:"games"`
	Seed      uint64   `json:"seed"`
	Positions int      `json:"positions"`
	Lambda    float64  `json:"lambda"`
	// LogLoss is the mean log-loss on held-out positions, and BaseLogLoss
	// that of the constant prediction of the held-out mean result.
	LogLoss     float64 `json:"log_loss"`
	BaseLogLoss float64 `json:"base_log_loss"`
}

// Value is the chance of winning that the model gives features f.
func (m *Model) Value(f []float64) float64 {
	z := 0.0
	for i, w := range m.Weights {
		z += w * f[i]
	}
	return 1 / (1 + math.Exp(-z))
}

//go:embed evals/*.json
var shippedModels embed.FS

var (
	modelsOnce sync.Once
	models     map[string]*Model
	modelsErr  error
)

// LearnedModel returns the model shipped for a game (ai/evals/<game>.json,
// written by `kartenwerk learn`).
func LearnedModel(game string) (*Model, error) {
	modelsOnce.Do(loadModels)
	if modelsErr != nil {
		return nil, modelsErr
	}
	m, ok := models[game]
	if !ok {
		return nil, fmt.Errorf("no learned evaluation is shipped for %s: fit one with `kartenwerk learn %s --out ai/evals/%s.json`", game, game, game)
	}
	return m, nil
}

func loadModels() {
	models = map[string]*Model{}
	files, err := shippedModels.ReadDir("evals")
	if err != nil {
		modelsErr = err
		return
	}
	for _, f := range files {
		data, err := shippedModels.ReadFile("evals/" + f.Name())
		if err != nil {
			modelsErr = err
			return
		}
		var m Model
		if err := json.Unmarshal(data, &m); err != nil {
			modelsErr = fmt.Errorf("ai/evals/%s: %w", f.Name(), err)
			return
		}
		models[m.Game] = &m
	}
}

// evalParam chooses the position evaluation of greedy and ISMCTS.
const evalParam = "eval"

// evalDoc documents evalParam for Kind.Params.
const evalDoc = "game (default): the game's hand-written evaluation; " +
	"learned: the logistic regression fitted by `kartenwerk learn` and shipped in ai/evals"

// learnedEval reads evalParam: whether the learned evaluation is chosen.
func learnedEval(p Params) (bool, error) {
	return p.Switch(evalParam, "game", "learned")
}

// judge rates positions with the learned model of their game, found on
// first use and kept while the states are of the same game.
type judge struct {
	model *Model
	names []string
	buf   []float64
}

// rewards is Rewards with unfinished positions rated by the learned
// model: each seat's chance, scaled so that they add up to 1.
func (j *judge) rewards(s engine.State) [engine.MaxSeats]float64 {
	if done, _ := s.Terminal(); done {
		return Rewards(s)
	}
	f := s.(engine.Featurer)
	var r [engine.MaxSeats]float64
	if s.Seats() == 2 { // relative features: the two chances add up to 1
		r[0] = j.value(f, 0)
		r[1] = 1 - r[0]
		return r
	}
	sum := 0.0
	for q := range s.Seats() {
		r[q] = j.value(f, engine.Seat(q))
		sum += r[q]
	}
	for q := range s.Seats() {
		r[q] /= sum
	}
	return r
}

func (j *judge) value(f engine.Featurer, seat engine.Seat) float64 {
	j.buf = f.Features(seat, j.buf[:0])
	return j.model.Value(j.buf)
}

// prepare finds the model of s's game, unless the last state was of the
// same game; an agent calls it before it rates any position of s.
func (j *judge) prepare(s engine.State) error {
	f, ok := s.(engine.Featurer)
	if !ok {
		return fmt.Errorf("eval=learned: this game describes no features of its positions (engine.Featurer); use eval=game")
	}
	names := f.FeatureNames()
	if j.model != nil && len(names) > 0 && &names[0] == &j.names[0] {
		return nil
	}
	game := s.View(engine.NoSeat).Game
	m, err := LearnedModel(game)
	if err != nil {
		return fmt.Errorf("eval=learned: %w", err)
	}
	if !slices.Equal(m.Features, names) {
		return fmt.Errorf("eval=learned: the model of %s has the features %v but the game has %v: fit it again with `kartenwerk learn %s --out ai/evals/%s.json`",
			game, m.Features, names, game, game)
	}
	j.model, j.names = m, names
	return nil
}
