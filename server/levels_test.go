package server

import (
	"strings"
	"testing"

	"kartenwerk/ai"
)

// A lobby's level becomes the game's agent for it (ai.Level); an agent
// spec is still taken as it is, and a budget cannot be set on a level.
func TestAISeatLevelsBecomeTheGamesAgents(t *testing.T) {
	hard, err := ai.Level("zynalith", ai.Hard)
	if err != nil {
		t.Fatal(err)
	}
	medium, err := ai.Level("zynalith", ai.Medium)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		game  string
		req   SeatRequest
		want  string
		error string
	}{
		{"zynalith", SeatRequest{Kind: KindAI, Agent: "hard"}, hard, ""},
		{"zynalith", SeatRequest{Kind: KindAI}, medium, ""},
		{"zynalith", SeatRequest{Kind: KindAI, Agent: "random"}, "random", ""},
		{"zynalith", SeatRequest{Kind: KindAI, Agent: "ismcts", BudgetMS: 50}, "ismcts:ms=50", ""},
		{"zynalith", SeatRequest{Kind: KindAI, Agent: "hard", BudgetMS: 50}, "", "own thinking budget"},
		{"zynalith", SeatRequest{Kind: KindAI, Agent: "expert"}, "", "or give a level: easy, medium, hard"},
	} {
		got, err := agentSpec(tc.game, tc.req)
		if tc.error != "" {
			if err == nil || !strings.Contains(err.Error(), tc.error) {
				t.Errorf("%+v: %q, %v; want an error saying %q", tc.req, got, err, tc.error)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%+v: %q, %v; want %q", tc.req, got, err, tc.want)
		}
	}
}
