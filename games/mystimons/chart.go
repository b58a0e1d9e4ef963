package mystimons

import (
	"fmt"
	"strings"

	"kartenwerk/engine"
)

// The element chart (MM-5.8, MM-10.U1): elements.yaml, merged from the
// shipped file and a designer's, and the element names cards give.

// yamlChart is elements.yaml as written.
type yamlChart struct {
	Elements []string `yaml:"elements"`
	Chart    []struct {
		Attacker   string  `yaml:"attacker"`
		Defender   string  `yaml:"defender"`
		Multiplier float64 `yaml:"multiplier"`
	} `yaml:"chart"`
}

// isChart tells the element chart from card files by its name.
func isChart(name string) bool { return name == "elements.yaml" }

// elem looks an element up by name; "any" is the wildcard of energy.
func (p *Pool) elem(s string) (int8, bool) {
	if s == "any" {
		return elemAny, true
	}
	for i, e := range p.elems {
		if e == s {
			return int8(i), true
		}
	}
	return 0, false
}

// addChart merges one chart file into the pool (MM-10.U1): elements not
// yet known are added, and each listed pair sets its multiplier, a later
// file overriding an earlier one. Pairs never listed stay neutral (x1), so
// a designer's elements.yaml need only list what it adds or changes.
func (p *Pool) addChart(f *engine.YAMLFile, yc yamlChart) engine.Problems {
	probs := p.addElements(f, yc.Elements)
	for i, r := range yc.Chart {
		at := fmt.Sprintf("$.chart[%d]", i)
		a, ok1 := p.elem(r.Attacker)
		d, ok2 := p.elem(r.Defender)
		if !ok1 || !ok2 || a < 0 || d < 0 {
			probs = append(probs, f.Problem(at, r.Attacker+"/"+r.Defender, "unknown element", "use one of "+strings.Join(p.elems, ", ")+", or add it to `elements:`"))
			continue
		}
		var m int8
		switch r.Multiplier {
		case 0.5:
			m = 1
		case 1:
			m = 2
		case 2:
			m = 4
		default:
			probs = append(probs, f.Problem(at+".multiplier", r.Attacker+"/"+r.Defender, fmt.Sprintf("multiplier %v is not 0.5, 1 or 2 (MM-5.8)", r.Multiplier), "write 2 (super-effective), 1 (neutral) or 0.5 (resistant)"))
			continue
		}
		p.chart[a][d] = m
	}
	return probs
}

// addElements adds the elements not yet known and grows the chart, new
// pairs neutral. Names are lowercase words, as ability costs and Terrain
// effects write them ("Tide (3 water)", "atk +4 fire").
func (p *Pool) addElements(f *engine.YAMLFile, elems []string) engine.Problems {
	var probs engine.Problems
	for i, e := range elems {
		if _, known := p.elem(e); known && e != "any" {
			continue
		}
		if e == "any" || e == "" || strings.Trim(e, "abcdefghijklmnopqrstuvwxyz") != "" {
			probs = append(probs, f.Problem(fmt.Sprintf("$.elements[%d]", i), e, "an element name is a lowercase word a-z, and `any` is the wildcard", "rename the element, e.g. `air`"))
			continue
		}
		p.elems = append(p.elems, e)
	}
	if len(p.elems) == 0 || len(p.elems) > 16 {
		probs = append(probs, f.Problem("$.elements", "elements", fmt.Sprintf("%d elements: the chart holds 1 to 16", len(p.elems)), "write `elements: [fire, water, earth]`"))
	}
	for len(p.chart) < len(p.elems) {
		p.chart = append(p.chart, nil)
	}
	for i := range p.chart {
		for len(p.chart[i]) < len(p.elems) {
			p.chart[i] = append(p.chart[i], 2)
		}
	}
	return probs
}

// elemHint is the fix for an unknown element: a known one, or how to add
// a new one to the chart.
func (p *Pool) elemHint(energy bool) string {
	known := strings.Join(p.elems, ", ")
	if energy {
		known += ", any"
	}
	return "use one of " + known + "; a new element goes into the element chart: put an elements.yaml beside your cards with `elements: [name]` and `chart:` rows for its strengths and weaknesses (pairs not listed are x1, MM-10.U1)"
}

// capital writes an element as a name begins: "fire" -> "Fire".

func (p *Pool) elemName(e int8) string {
	if e == elemAny {
		return "any"
	}
	return p.elems[e]
}
