package ai_test

import (
	"strings"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
)

func TestRandomPlaysLegalActionsToTheEnd(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		s, _ := trick.Game{}.New(engine.Setup{Seats: 3, Seed: seed})
		agent, err := ai.New("random", seed)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; ; n++ {
			if done, _ := s.Terminal(); done {
				break
			}
			before := s.Hash()
			a, err := agent.Act(s)
			if err != nil || s.Hash() != before {
				t.Fatalf("Act: %v (state changed: %v)", err, s.Hash() != before)
			}
			if !engine.Contains(s.Legal(nil), a) {
				t.Fatalf("illegal action %v", a)
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestAgentSpecs(t *testing.T) {
	if got := ai.SplitSpecs("ismcts:iters=100,c=1,random, greedy"); strings.Join(got, "|") != "ismcts:iters=100,c=1|random|greedy" {
		t.Fatalf("SplitSpecs = %q", got)
	}
	name, p, err := ai.ParseSpec("ISMCTS:iters=5,c=0.5")
	if err != nil || name != "ismcts" || p["iters"] != "5" || p["c"] != "0.5" {
		t.Fatalf("ParseSpec = %v %v %v", name, p, err)
	}
	for spec, want := range map[string]string{
		"wizard":                    `unknown agent "wizard": the agents are `,
		"random:depth=3":            `agent random has no parameter "depth"`,
		"random:depth":              `should be key=value`,
		"":                          "empty agent",
		"ismcts:greedy=2":           "greedy and mix between 0 and 1",
		"ismcts:mix=-0.1":           "greedy and mix between 0 and 1",
		"ismcts:iters=0":            "iters must be at least 1",
		"ismcts:c=x":                `parameter c="x": want a number`,
		"ismcts:info=yes":           `parameter info="yes": write info=none, info=own or info=all`,
		"ismcts:worlds=-1":          "worlds=-1: give 0 (a fresh world each iteration) or a pool of 1 to iters (1000) worlds",
		"ismcts:iters=50,worlds=51": "worlds=51: give 0 (a fresh world each iteration) or a pool of 1 to iters (50) worlds",
		"ismcts:worlds=many":        `parameter worlds="many": want a whole number`,
		"ismcts:trees=each":         "trees=each needs a pool of worlds: give worlds=K as well",
		"ismcts:worlds=5,trees=all": `parameter trees="all": write trees=each or trees=one`,
	} {
		if _, err := ai.New(spec, 1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("New(%q) = %v, want %q", spec, err, want)
		}
	}
	for spec, want := range map[string]string{
		"ismcts":                          "ismcts:iters=1000",
		"ismcts:ms=200,greedy=0.3,c=1":    "ismcts:ms=200,c=1,greedy=0.3",
		"ismcts:horizon=2,iters=50,c=0.7": "ismcts:iters=50,horizon=2",
		"ismcts:mix=0.5,greedy=0.3":       "ismcts:iters=1000,greedy=0.3,mix=0.5",
		"ismcts:info=own,iters=30000":     "ismcts:iters=30000,info=own",
		"ismcts:info=none":                "ismcts:iters=1000",
		"ismcts:info=all":                 "ismcts:iters=1000,info=all",
		"ismcts:worlds=15,iters=3000":     "ismcts:iters=3000,worlds=15",
		"ismcts:worlds=0":                 "ismcts:iters=1000",
		"ismcts:worlds=5000,ms=100":       "ismcts:ms=100,worlds=5000",
		"ismcts:worlds=50,info=own":       "ismcts:iters=1000,info=own,worlds=50",
		"ismcts:trees=each,worlds=5":      "ismcts:iters=1000,worlds=5,trees=each",
		"ismcts:trees=one,worlds=5":       "ismcts:iters=1000,worlds=5",
	} {
		a, err := ai.New(spec, 1)
		if err != nil {
			t.Fatalf("New(%q): %v", spec, err)
		}
		if a.Name() != want {
			t.Errorf("New(%q) named %q, want %q", spec, a.Name(), want)
		}
	}
	n, err := ai.Params{"iters": "x"}.Int("iters", 1)
	if err == nil || n != 0 {
		t.Fatal("bad int accepted")
	}
}
