package tune

import (
	"fmt"

	"kartenwerk/engine"
	"kartenwerk/sim"
)

// Grid makes g's game at every combination of the card parameters'
// values, the first parameter changing fastest, for a sweep
// (sim.RunSweep): each setting names its values as the parameters give
// them.
func Grid(g engine.Game, params []Param) ([]sim.Setting, error) {
	var out []sim.Setting
	for _, point := range points(params) {
		c, _, err := Apply(g, sim.Config{}, params, point)
		if err != nil {
			return nil, &SettingError{Params: atPoint(params, point), Err: err}
		}
		values := make([]string, len(point))
		for i, v := range point {
			values[i] = fmt.Sprint(params[i].Values[v])
		}
		out = append(out, sim.Setting{Values: values, Game: c.Game})
	}
	return out, nil
}

// points lists every combination of the parameters' value indexes, the
// first parameter changing fastest.
func points(params []Param) [][]int {
	out := [][]int{{}}
	for i := len(params) - 1; i >= 0; i-- {
		var next [][]int
		for _, rest := range out {
			for v := range params[i].Values {
				next = append(next, append([]int{v}, rest...))
			}
		}
		out = next
	}
	return out
}

// SettingError is a setting of Grid that g's cards do not allow: the
// parameters, each with its one value there, and why. It reads as its
// cause.
type SettingError struct {
	Params []Param
	Err    error
}

func (e *SettingError) Error() string { return e.Err.Error() }
func (e *SettingError) Unwrap() error { return e.Err }

// atPoint is params with each one's value at point alone.
func atPoint(params []Param, point []int) []Param {
	out := make([]Param, len(params))
	for i, p := range params {
		out[i] = p
		out[i].Values = []any{p.Values[point[i]]}
	}
	return out
}
