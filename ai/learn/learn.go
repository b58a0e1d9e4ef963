package learn

import (
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"text/tabwriter"

	"kartenwerk/ai"
)

// DefaultLambda is the L2 penalty on the scaled weights: enough to keep
// a feature that barely varies from taking a wild weight, little against
// the tens of thousands of positions of a fit.
const DefaultLambda = 1.0

// heldOut says whether game i's positions are kept out of the fit to
// judge it: one game in five.
func heldOut(i int) bool { return i%5 == 4 }

// Learn plays the games of c, fits the model on four games in five and
// measures it on the fifth.
func Learn(ctx context.Context, c Config, lambda float64) (*ai.Model, error) {
	samples, names, err := Positions(ctx, c)
	if err != nil {
		return nil, err
	}
	var train, test []Sample
	for _, s := range samples {
		if heldOut(s.Game) {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	if len(test) == 0 {
		return nil, fmt.Errorf("learn: %d games leave none to hold out; play at least 5", c.Games)
	}
	fit, err := FitLogistic(train, lambda)
	if err != nil {
		return nil, err
	}
	return &ai.Model{
		Game: c.Game.Info().ID, Features: names, Weights: fit.Weights, StdErr: fit.StdErr, Scale: fit.Scale,
		Agents: c.Agents, Games: c.Games, Seed: c.Seed, Positions: len(train), Lambda: lambda,
		LogLoss: LogLoss(test, fit.Weights), BaseLogLoss: ConstantLogLoss(test, meanResult(train)),
	}, nil
}

func meanResult(samples []Sample) float64 {
	sum := 0.0
	for _, s := range samples {
		sum += s.Result
	}
	return sum / float64(len(samples))
}

// WriteTable prints the model's weights for designers, most telling
// first: the change in log-odds per unit of each feature with its 95%
// interval, and per typical difference (one root mean square), which
// compares features of different units.
func WriteTable(w io.Writer, m *ai.Model) {
	fmt.Fprintf(w, "%s: what wins, from %d positions of %d games (%v, seed %d)\n",
		m.Game, m.Positions, m.Games, m.Agents, m.Seed)
	fmt.Fprintf(w, "held-out log-loss %.4f, against %.4f for a constant guess\n\n", m.LogLoss, m.BaseLogLoss)
	order := make([]int, len(m.Weights))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return math.Abs(m.Weights[order[a]]*m.Scale[order[a]]) > math.Abs(m.Weights[order[b]]*m.Scale[order[b]])
	})
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "feature\tper unit\t95% interval\ttypical difference\tper typical difference\t")
	for _, i := range order {
		wt, se := m.Weights[i], m.StdErr[i]
		if m.Scale[i] == 0 {
			fmt.Fprintf(tw, "%s\t\tnever varied\t\t\t\n", m.Features[i])
			continue
		}
		fmt.Fprintf(tw, "%s\t%+.4f\t[%+.4f, %+.4f]\t%.3g\t%+.3f\t\n", m.Features[i], wt, wt-1.96*se, wt+1.96*se, m.Scale[i], wt*m.Scale[i])
	}
	tw.Flush()
	fmt.Fprintln(w, "\nper unit: the change in log-odds of winning for one more of the feature than the")
	fmt.Fprintln(w, "opponents have (log-odds +0.69 doubles the odds); a feature whose interval holds 0")
	fmt.Fprintln(w, "was not seen to matter.")
}
