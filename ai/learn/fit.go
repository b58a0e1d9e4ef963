package learn

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Fit is a logistic regression without intercept, fitted by iteratively
// reweighted least squares (Newton's method) with an L2 penalty.
type Fit struct {
	// Weights per unit of each feature, and their standard errors.
	Weights, StdErr []float64
	// Scale is each feature's root mean square over the positions, 0 for
	// one that never varied; the penalty acts on the weights of the
	// features divided by it, so that it treats features of every unit
	// alike.
	Scale []float64
	// Iterations of Newton's method until the weights settled.
	Iterations int
}

// maxNewton bounds the iterations; from zero weights IRLS settles in a
// handful on these problems.
const maxNewton = 50

// FitLogistic fits P(win) = 1/(1+exp(-w·x)) to the samples, minimising
// the log-loss plus lambda/2 times the squared norm of the scaled
// weights. Results between 0 and 1 (draws) count as fractional wins.
// The standard errors come from the inverse of the penalised Hessian;
// positions of one game are not independent, so they understate the
// uncertainty somewhat.
func FitLogistic(samples []Sample, lambda float64) (Fit, error) {
	if len(samples) == 0 {
		return Fit{}, errors.New("learn: no positions to fit")
	}
	k := len(samples[0].Features)
	spread := rootMeanSquares(samples, k)
	scale := make([]float64, k)
	for i, x := range spread {
		scale[i] = x
		if x == 0 { // never varied: its weight stays 0 under the penalty
			scale[i] = 1
		}
	}
	w := make([]float64, k) // the weights of the scaled features
	hess := mat.NewSymDense(k, nil)
	grad := mat.NewVecDense(k, nil)
	step := mat.NewVecDense(k, nil)
	var chol mat.Cholesky
	fit := Fit{Scale: spread}
	for fit.Iterations = 1; fit.Iterations <= maxNewton; fit.Iterations++ {
		penalisedDerivatives(samples, scale, w, lambda, hess, grad)
		if ok := chol.Factorize(hess); !ok {
			return Fit{}, fmt.Errorf("learn: the penalised Hessian is singular; raise the penalty (lambda=%g)", lambda)
		}
		if err := chol.SolveVecTo(step, grad); err != nil {
			return Fit{}, fmt.Errorf("learn: Newton step: %w", err)
		}
		biggest := 0.0
		for i := range w {
			w[i] -= step.AtVec(i)
			biggest = max(biggest, math.Abs(step.AtVec(i)))
		}
		if biggest < 1e-10 {
			break
		}
	}
	penalisedDerivatives(samples, scale, w, lambda, hess, grad)
	var cov mat.SymDense
	if ok := chol.Factorize(hess); !ok {
		return Fit{}, fmt.Errorf("learn: the penalised Hessian is singular at the optimum; raise the penalty (lambda=%g)", lambda)
	}
	if err := chol.InverseTo(&cov); err != nil {
		return Fit{}, fmt.Errorf("learn: standard errors: %w", err)
	}
	fit.Weights, fit.StdErr = make([]float64, k), make([]float64, k)
	for i := range w {
		fit.Weights[i] = w[i] / scale[i]
		if spread[i] > 0 { // the data say nothing of a constant feature
			fit.StdErr[i] = math.Sqrt(cov.At(i, i)) / scale[i]
		}
	}
	return fit, nil
}

// rootMeanSquares is each feature's root mean square.
func rootMeanSquares(samples []Sample, k int) []float64 {
	scale := make([]float64, k)
	for _, s := range samples {
		for i, x := range s.Features {
			scale[i] += x * x
		}
	}
	for i := range scale {
		scale[i] = math.Sqrt(scale[i] / float64(len(samples)))
	}
	return scale
}

// penalisedDerivatives sets grad and hess to the gradient and Hessian of
// the penalised log-loss at the scaled weights w.
func penalisedDerivatives(samples []Sample, scale, w []float64, lambda float64, hess *mat.SymDense, grad *mat.VecDense) {
	k := len(w)
	g := make([]float64, k)
	h := make([]float64, k*k)
	x := make([]float64, k)
	for _, s := range samples {
		z := 0.0
		for i, f := range s.Features {
			x[i] = f / scale[i]
			z += w[i] * x[i]
		}
		p := sigmoid(z)
		r, v := p-s.Result, p*(1-p)
		for i := range k {
			g[i] += r * x[i]
			for j := i; j < k; j++ {
				h[i*k+j] += v * x[i] * x[j]
			}
		}
	}
	for i := range k {
		grad.SetVec(i, g[i]+lambda*w[i])
		for j := i; j < k; j++ {
			d := h[i*k+j]
			if i == j {
				d += lambda
			}
			hess.SetSym(i, j, d)
		}
	}
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// LogLoss is the mean log-loss of predicting P(win) = 1/(1+exp(-w·x))
// for the samples, with predictions kept off 0 and 1 by 1e-12.
func LogLoss(samples []Sample, weights []float64) float64 {
	return meanLoss(samples, func(f []float64) float64 {
		z := 0.0
		for i, w := range weights {
			z += w * f[i]
		}
		return sigmoid(z)
	})
}

// ConstantLogLoss is the mean log-loss of predicting p for every sample.
func ConstantLogLoss(samples []Sample, p float64) float64 {
	return meanLoss(samples, func([]float64) float64 { return p })
}

func meanLoss(samples []Sample, predict func([]float64) float64) float64 {
	sum := 0.0
	for _, s := range samples {
		p := min(max(predict(s.Features), 1e-12), 1-1e-12)
		sum -= s.Result*math.Log(p) + (1-s.Result)*math.Log(1-p)
	}
	return sum / float64(len(samples))
}
