package rating

import (
	"fmt"
	"math"
)

// Newcomer values and the scale conversion of the Glicko-2 paper.
const (
	InitialRating     = 1500.0
	InitialDeviation  = 350.0
	InitialVolatility = 0.06

	// DefaultTau is the system constant of the paper's example.
	DefaultTau = 0.5
	// DefaultEpsilon is the convergence tolerance of the volatility
	// iteration the paper gives.
	DefaultEpsilon = 0.000001

	glickoScale = 173.7178
)

// Rating is one player's Glicko-2 rating on the familiar Glicko scale.
type Rating struct {
	Rating     float64 // 1500 for a newcomer
	Deviation  float64 // RD; 350 for a newcomer
	Volatility float64 // sigma; 0.06 for a newcomer
}

// New returns a newcomer's rating: 1500, 350, 0.06.
func New() Rating {
	return Rating{Rating: InitialRating, Deviation: InitialDeviation, Volatility: InitialVolatility}
}

// Result is one game of a rating period seen from the rated player's side.
type Result struct {
	Opponent Rating  // the opponent's rating at the start of the period
	Score    float64 // 1 win, 0.5 draw, 0 loss
}

// System holds the constants of a Glicko-2 rating pool.
type System struct {
	// Tau constrains the change of volatility over time; 0 means DefaultTau.
	Tau float64
	// Epsilon is the volatility iteration's tolerance; 0 means DefaultEpsilon.
	Epsilon float64
}

// DefaultSystem returns the system of the paper's example (tau 0.5).
func DefaultSystem() System {
	return System{Tau: DefaultTau, Epsilon: DefaultEpsilon}
}

func (s System) tau() float64 {
	if s.Tau == 0 {
		return DefaultTau
	}
	return s.Tau
}

func (s System) epsilon() float64 {
	if s.Epsilon == 0 {
		return DefaultEpsilon
	}
	return s.Epsilon
}

// Update returns the player's rating after a rating period with the given
// results. With no results it is Idle. Bad input (a score other than
// 0, 0.5 or 1, a non-positive deviation or volatility, a negative tau)
// gives an error naming the result and the rating is returned unchanged.
func (s System) Update(player Rating, results []Result) (Rating, error) {
	if err := s.check(player, results); err != nil {
		return player, err
	}
	if len(results) == 0 {
		return s.Idle(player), nil
	}
	mu, phi := toGlicko2(player)
	v, improvement := estimate(mu, results)
	delta := v * improvement
	sigma := s.volatility(phi, player.Volatility, v, delta)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	newPhi := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	newMu := mu + newPhi*newPhi*improvement
	return Rating{
		Rating:     newMu*glickoScale + InitialRating,
		Deviation:  newPhi * glickoScale,
		Volatility: sigma,
	}, nil
}

// Idle returns the rating of a player who played no games in a period: the
// rating and volatility stay, the deviation grows by the volatility
// (phi* = sqrt(phi^2 + sigma^2)) up to InitialDeviation.
func (s System) Idle(player Rating) Rating {
	_, phi := toGlicko2(player)
	grown := math.Sqrt(phi*phi+player.Volatility*player.Volatility) * glickoScale
	player.Deviation = math.Min(grown, math.Max(InitialDeviation, player.Deviation))
	return player
}

func (s System) check(player Rating, results []Result) error {
	if s.Tau < 0 || s.Epsilon < 0 {
		return fmt.Errorf("rating: system tau %g and epsilon %g must not be negative (0 takes the default)", s.Tau, s.Epsilon)
	}
	if err := checkRating("player", player); err != nil {
		return err
	}
	for i, r := range results {
		if r.Score != 0 && r.Score != 0.5 && r.Score != 1 {
			return fmt.Errorf("rating: result %d has score %g; use 1 for a win, 0.5 for a draw, 0 for a loss", i+1, r.Score)
		}
		if err := checkRating(fmt.Sprintf("result %d's opponent", i+1), r.Opponent); err != nil {
			return err
		}
	}
	return nil
}

func checkRating(who string, r Rating) error {
	finite := !math.IsNaN(r.Rating) && !math.IsInf(r.Rating, 0)
	if !finite || !(r.Deviation > 0) || !(r.Volatility > 0) || math.IsInf(r.Deviation, 0) || math.IsInf(r.Volatility, 0) {
		return fmt.Errorf("rating: %s has rating %g, deviation %g, volatility %g; the rating must be finite and deviation and volatility positive (a newcomer is 1500, 350, 0.06)",
			who, r.Rating, r.Deviation, r.Volatility)
	}
	return nil
}

func toGlicko2(r Rating) (mu, phi float64) {
	return (r.Rating - InitialRating) / glickoScale, r.Deviation / glickoScale
}

// g weighs a game by the opponent's uncertainty (the paper's step 3).
func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expected is the expected score against an opponent (step 3).
func expected(mu, muOpp, phiOpp float64) float64 {
	return 1 / (1 + math.Exp(-g(phiOpp)*(mu-muOpp)))
}

// estimate returns the estimated variance v of the rating from the games
// (step 3) and the sum of g(phi_j)(s_j - E_j), which times v is the
// estimated improvement delta (step 4).
func estimate(mu float64, results []Result) (v, improvement float64) {
	var information float64
	for _, r := range results {
		muOpp, phiOpp := toGlicko2(r.Opponent)
		weight := g(phiOpp)
		e := expected(mu, muOpp, phiOpp)
		information += weight * weight * e * (1 - e)
		improvement += weight * (r.Score - e)
	}
	return 1 / information, improvement
}

// volatility finds the new volatility by the Illinois algorithm, the paper's
// step 5: the root of f(x) = e^x(delta^2 - phi^2 - v - e^x) /
// (2(phi^2 + v + e^x)^2) - (x - a)/tau^2 with a = ln(sigma^2).
func (s System) volatility(phi, sigma, v, delta float64) float64 {
	tau, eps := s.tau(), s.epsilon()
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	lo := a
	var hi float64
	if delta*delta > phi*phi+v {
		hi = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		hi = a - k*tau
	}
	fLo, fHi := f(lo), f(hi)
	for math.Abs(hi-lo) > eps {
		c := lo + (lo-hi)*fLo/(fHi-fLo)
		fC := f(c)
		if fC*fHi <= 0 {
			lo, fLo = hi, fHi
		} else {
			fLo /= 2
		}
		hi, fHi = c, fC
	}
	return math.Exp(lo / 2)
}
