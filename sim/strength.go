package sim

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Deck strength: a Bradley-Terry model fitted to a matrix, so that a
// designer sees the whole metagame as one ranking. Entrant i beats j
// with probability 1/(1+exp(θj-θi)); the θ are fitted by maximum
// likelihood (Newton's method) with the mean entrant at 0, and their 95%
// intervals come from the inverse of the Fisher information (a
// pseudo-inverse, since only differences of θ are identified). Each
// pair's games enter scaled by the matrix's pooled design effect (from
// the pairs' effective samples, Interval.N), so that mirrored deals count
// as the independent games they are worth; a draw counts half. One
// virtual drawn game per pair keeps an entrant that won or lost every
// game at a finite strength.

// Strength is an entrant's place in the metagame.
type Strength struct {
	Name string `json:"name"`
	// Rating is on the Elo scale (400 points: 10 to 1 odds), the mean
	// entrant at 0, with its 95% interval.
	Rating float64 `json:"rating"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
	// VsAverage is the win rate the model expects against an entrant of
	// rating 0, with its interval.
	VsAverage Interval `json:"vs_average"`
}

// MethodBradleyTerry names the strength intervals.
const MethodBradleyTerry = "bradley-terry-fisher"

// eloScale turns a log-odds strength into Elo points.
const eloScale = 400 / math.Ln10

// FitBradleyTerry fits strengths to wins[i][j] (i's wins over j, draws
// counted half) of games[i][j] games; games must be symmetric. It returns
// each θ and its standard error.
func FitBradleyTerry(wins, games [][]float64) (theta, se []float64, err error) {
	n := len(games)
	if n < 2 {
		return nil, nil, fmt.Errorf("strengths need at least two entrants")
	}
	w, g := make([][]float64, n), make([][]float64, n)
	for i := range n {
		w[i], g[i] = make([]float64, n), make([]float64, n)
		for j := range n {
			if i != j && games[i][j] > 0 {
				w[i][j], g[i][j] = wins[i][j]+0.5, games[i][j]+1 // one virtual draw
			}
		}
	}
	theta = make([]float64, n)
	var cov *mat.Dense
	for iter := 0; iter < 100; iter++ {
		grad, info := btDerivatives(theta, w, g)
		if cov, err = pseudoInverse(info); err != nil {
			return nil, nil, err
		}
		var step mat.VecDense
		step.MulVec(cov, mat.NewVecDense(n, grad))
		largest := 0.0
		for i := range theta {
			theta[i] += step.AtVec(i)
			largest = math.Max(largest, math.Abs(step.AtVec(i)))
		}
		centre(theta)
		if largest < 1e-10 {
			break
		}
	}
	_, info := btDerivatives(theta, w, g)
	if cov, err = pseudoInverse(info); err != nil {
		return nil, nil, err
	}
	se = make([]float64, n)
	for i := range se {
		se[i] = math.Sqrt(math.Max(0, cov.At(i, i)))
	}
	return theta, se, nil
}

// btDerivatives is the log-likelihood's gradient and Fisher information.
func btDerivatives(theta []float64, w, g [][]float64) ([]float64, *mat.SymDense) {
	n := len(theta)
	grad := make([]float64, n)
	info := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i + 1; j < n; j++ {
			if g[i][j] == 0 {
				continue
			}
			p := 1 / (1 + math.Exp(theta[j]-theta[i]))
			grad[i] += w[i][j] - g[i][j]*p
			grad[j] += w[j][i] - g[j][i]*(1-p)
			v := g[i][j] * p * (1 - p)
			info.SetSym(i, j, info.At(i, j)-v)
			info.SetSym(i, i, info.At(i, i)+v)
			info.SetSym(j, j, info.At(j, j)+v)
		}
	}
	return grad, info
}

// pseudoInverse inverts the information on the space of centred θ.
func pseudoInverse(a *mat.SymDense) (*mat.Dense, error) {
	var svd mat.SVD
	if !svd.Factorize(a, mat.SVDFull) {
		return nil, fmt.Errorf("strengths: the results cannot be factorised")
	}
	vals := svd.Values(nil)
	var u, v mat.Dense
	svd.UTo(&u)
	svd.VTo(&v)
	n := len(vals)
	inv := mat.NewDiagDense(n, nil)
	zeros := 0
	for i, s := range vals {
		if s > 1e-9*vals[0] {
			inv.SetDiag(i, 1/s)
		} else {
			zeros++
		}
	}
	if zeros > 1 {
		return nil, fmt.Errorf("strengths: the entrants fall into groups that never met; play every pair, or at least connect them")
	}
	var out mat.Dense
	out.Product(&v, inv, u.T())
	return &out, nil
}

func centre(theta []float64) {
	mean := 0.0
	for _, t := range theta {
		mean += t
	}
	mean /= float64(len(theta))
	for i := range theta {
		theta[i] -= mean
	}
}

// FitStrengths ranks the matrix's entrants by their Bradley-Terry rating,
// strongest first.
func (m *Matrix) FitStrengths() ([]Strength, error) {
	n := len(m.Names)
	wins, games := make([][]float64, n), make([][]float64, n)
	for i := range n {
		wins[i], games[i] = make([]float64, n), make([]float64, n)
	}
	// Every pair enters with its games scaled by one design effect, pooled
	// over the matrix: a pair's own effective sample is a noisy estimate
	// (all-won or all-lost pairs count only their deals), and weighting
	// each pair by it would let the pairs' weights, not their results,
	// decide the ranking. A common factor leaves the ranking to the games
	// played (each entrant's expected wins meet its wins) and widens the
	// intervals as the mirrored deals require; it never narrows them below
	// those of independent games.
	played := func(i, j int) float64 {
		if i < len(m.Games) && j < len(m.Games[i]) && m.Games[i][j] > 0 {
			return float64(m.Games[i][j])
		}
		return m.Rate[i][j].N
	}
	var sumGames, sumEff float64
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			g := played(i, j)
			eff := m.Rate[i][j].N
			if eff <= 0 || eff > g {
				eff = g
			}
			sumGames += g
			sumEff += eff
		}
	}
	scale := 1.0
	if sumGames > 0 {
		scale = sumEff / sumGames
	}
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			games[i][j] = played(i, j) * scale
			wins[i][j] = m.Rate[i][j].Rate * games[i][j]
		}
	}
	theta, se, err := FitBradleyTerry(wins, games)
	if err != nil {
		return nil, err
	}
	out := make([]Strength, n)
	for i := range n {
		lo, hi := theta[i]-z95*se[i], theta[i]+z95*se[i]
		out[i] = Strength{Name: m.Names[i], Rating: eloScale * theta[i], Low: eloScale * lo, High: eloScale * hi,
			VsAverage: Interval{Rate: logistic(theta[i]), Low: logistic(lo), High: logistic(hi), Method: MethodBradleyTerry}}
	}
	slices.SortStableFunc(out, func(a, b Strength) int { return cmpDesc(a.Rating, b.Rating) })
	return out, nil
}

func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
