// Package ai holds the agents that play any game through the kernel: they
// see a State, and must only use what its ToMove seat may know (its View,
// and Determinize for anything hidden).
package ai

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

// Agent chooses actions for whichever seat is to move.
type Agent interface {
	// Name is the agent's spec, e.g. "ismcts:iters=2000".
	Name() string
	// Act returns a legal action for s.ToMove(). It must not change s.
	Act(s engine.State) (engine.Action, error)
}

// Reseeder is an agent that can begin afresh: after Reseed(seed) it acts
// exactly as a new agent of its spec made with seed would, keeping only
// its memory, so that a batch can play game after game with one agent
// instead of allocating one per game.
type Reseeder interface {
	Agent
	Reseed(seed uint64)
}

// Params are an agent's settings, as in "ismcts:iters=2000,c=0.7".
type Params map[string]string

// Int reads an integer parameter, with a default.
func (p Params) Int(key string, def int) (int, error) {
	v, ok := p[key]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("parameter %s=%q: want a whole number", key, v)
	}
	return n, nil
}

// Float reads a number parameter, with a default.
func (p Params) Float(key string, def float64) (float64, error) {
	v, ok := p[key]
	if !ok {
		return def, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, fmt.Errorf("parameter %s=%q: want a number", key, v)
	}
	return f, nil
}

// Switch reads a parameter of two values: off (the default, also when
// the key is absent) gives false, on gives true.
func (p Params) Switch(key, off, on string) (bool, error) {
	switch v := p[key]; v {
	case "", off:
		return false, nil
	case on:
		return true, nil
	default:
		return false, fmt.Errorf("parameter %s=%q: write %s=%s or %s=%s", key, v, key, on, key, off)
	}
}

// Kind is a registered kind of agent.
type Kind struct {
	Name string
	Doc  string
	// Params lists the accepted parameters with their meaning.
	Params map[string]string
	New    func(p Params, seed uint64) (Agent, error)
}

var kinds = map[string]Kind{}

// Register adds a kind of agent; agent packages call it from init.
func Register(k Kind) {
	if _, dup := kinds[k.Name]; dup {
		panic("ai: agent " + k.Name + " registered twice")
	}
	kinds[k.Name] = k
}

// Kinds lists the registered kinds by name.
func Kinds() []Kind {
	out := make([]Kind, 0, len(kinds))
	for _, k := range kinds {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// New makes an agent from a spec such as "random" or
// "ismcts:iters=2000,c=0.7". The seed makes its choices reproducible.
func New(spec string, seed uint64) (Agent, error) {
	name, params, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	k, ok := kinds[name]
	if !ok {
		names := make([]string, 0, len(kinds))
		for _, k := range Kinds() {
			names = append(names, k.Name)
		}
		return nil, fmt.Errorf("unknown agent %q: the agents are %s", name, strings.Join(names, ", "))
	}
	for key := range params {
		if _, ok := k.Params[key]; !ok {
			return nil, fmt.Errorf("agent %s has no parameter %q (it has %s)", name, key, paramNames(k))
		}
	}
	return k.New(params, seed)
}

func paramNames(k Kind) string {
	if len(k.Params) == 0 {
		return "none"
	}
	names := make([]string, 0, len(k.Params))
	for n := range k.Params {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// ParseSpec splits "name:key=value,key=value".
func ParseSpec(spec string) (string, Params, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	if name == "" {
		return "", nil, fmt.Errorf("empty agent: write e.g. random or ismcts:iters=1000")
	}
	p := Params{}
	if rest == "" {
		return strings.ToLower(name), p, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			return "", nil, fmt.Errorf("agent %q: parameter %q should be key=value", spec, kv)
		}
		p[k] = v
	}
	return strings.ToLower(name), p, nil
}

// SplitSpecs splits a list of agent specs given as one flag value
// ("ismcts:iters=100,c=1,random"): a comma starts a new spec unless what
// follows is a key=value parameter of the current one.
func SplitSpecs(list string) []string {
	var out []string
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if len(out) > 0 && strings.Contains(part, "=") && !strings.Contains(part, ":") {
			out[len(out)-1] += "," + part
			continue
		}
		out = append(out, part)
	}
	return out
}
