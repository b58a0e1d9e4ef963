package companion

import (
	"sort"
	"strconv"
	"strings"
)

// State is a table's counters: key to value, "" meaning absent.
type State map[string]string

// Int reads a counter; an absent or non-numeric key reads 0.
func (s State) Int(key string) int {
	n, _ := strconv.Atoi(s[key])
	return n
}

// Change sets one key: From is its value before, To after ("" removes it).
type Change struct {
	Key  string `json:"key"`
	From string `json:"from"`
	To   string `json:"to"`
}

// apply writes changes into s in order.
func (s State) apply(changes []Change) {
	for _, c := range changes {
		if c.To == "" {
			delete(s, c.Key)
		} else {
			s[c.Key] = c.To
		}
	}
}

// Clone copies the state.
func (s State) Clone() State {
	c := make(State, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

// Players is how many players have joined.
func (s State) Players() int { return s.Int("players") }

// seatKey is the key prefix of seat i (0-based): "p1", "p2", ...
func seatKey(i int) string { return "p" + strconv.Itoa(i+1) }

// seatOf reads the seat of a key or id that starts with "pN"; -1 if none.
func seatOf(key string) int {
	head, _, _ := strings.Cut(key, ".")
	if len(head) < 2 || head[0] != 'p' {
		return -1
	}
	n, err := strconv.Atoi(head[1:])
	if err != nil || n < 1 {
		return -1
	}
	return n - 1
}

// edit gathers the changes of one command over a state, reading its own
// writes, so that rules can compute step by step.
type edit struct {
	st  State
	out []Change
}

func newEdit(st State) *edit { return &edit{st: st} }

func (e *edit) get(key string) string {
	for i := len(e.out) - 1; i >= 0; i-- {
		if e.out[i].Key == key {
			return e.out[i].To
		}
	}
	return e.st[key]
}

func (e *edit) int(key string) int {
	n, _ := strconv.Atoi(e.get(key))
	return n
}

func (e *edit) set(key, v string) {
	if old := e.get(key); old != v {
		e.out = append(e.out, Change{Key: key, From: old, To: v})
	}
}

// setInt writes n; 0 removes the key, as an absent counter reads 0.
func (e *edit) setInt(key string, n int) {
	if n == 0 {
		e.set(key, "")
		return
	}
	e.set(key, strconv.Itoa(n))
}

func (e *edit) add(key string, n int) int {
	v := e.int(key) + n
	e.setInt(key, v)
	return v
}

// withPrefix lists the keys of the state as edited so far that start
// with prefix.
func (e *edit) withPrefix(prefix string) []string {
	seen := map[string]bool{}
	var keys []string
	visit := func(k string) {
		if strings.HasPrefix(k, prefix) && !seen[k] {
			seen[k] = true
			if e.get(k) != "" {
				keys = append(keys, k)
			}
		}
	}
	for k := range e.st {
		visit(k)
	}
	for _, c := range e.out {
		visit(c.Key)
	}
	sort.Strings(keys) // the same command gives the same changes in the same order
	return keys
}

// clearPrefix removes every key under prefix.
func (e *edit) clearPrefix(prefix string) {
	for _, k := range e.withPrefix(prefix) {
		e.set(k, "")
	}
}
