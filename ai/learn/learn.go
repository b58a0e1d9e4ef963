package learn

import (
	"context"
	"fmt"

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
