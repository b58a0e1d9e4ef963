package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"
)

// tourneyEnv is a server with accounts made straight in its store (the
// sign-up limit per address would hold up sixteen players from one test).
type tourneyEnv struct {
	*accountEnv
}

func newTourneyEnv(t *testing.T) *tourneyEnv {
	t.Helper()
	// Bots act as fast as the server answers: no per-seat action limit.
	return &tourneyEnv{newAccountEnv(t, func(c *Config) { c.Rate, c.Burst = 1e6, 1e6 })}
}

const tourneyPassword = "a long enough password"

// hashedTourneyPassword is hashed once: argon2id is slow by design.
var hashedTourneyPassword = hashPassword(tourneyPassword, passwordParams)

// player makes an account and returns a browser logged in as it.
func (e *tourneyEnv) player(name string) *browser {
	e.t.Helper()
	acc := Account{ID: newToken(), Username: name, Password: hashedTourneyPassword, Created: time.Now()}
	if err := e.store.(AccountStore).CreateAccount(e.t.Context(), acc); err != nil {
		e.t.Fatal(err)
	}
	b := e.browser()
	b.login(name, tourneyPassword)
	return b
}

// organiser makes an account with the organiser role.
func (e *tourneyEnv) organiser(name string) *browser {
	b := e.player(name)
	if err := e.store.(TournamentStore).SetOrganiser(e.t.Context(), name, true); err != nil {
		e.t.Fatal(err)
	}
	return b
}

// view reads a tournament as b sees it.
func (b *browser) tournament(id string) TournamentView {
	b.t.Helper()
	_, raw := b.expect(http.StatusOK, "GET", "/api/tournaments/"+id, nil)
	var v TournamentView
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		b.t.Fatal(err)
	}
	return v
}

// match reads b's match of the current round (nil for none).
func (b *browser) match(id string) *MatchView {
	b.t.Helper()
	_, raw := b.expect(http.StatusOK, "GET", "/api/tournaments/"+id+"/match", nil)
	var v struct{ Match *MatchView }
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		b.t.Fatal(err)
	}
	return v.Match
}

// playMatch plays b's match of the current round to its end through the
// API: a random legal action whenever b must decide (never a concession),
// and the choice of who starts when b lost a game. It returns an error
// instead of failing, as it runs on its own goroutine.
func (b *browser) playMatch(id string, rng *rand.Rand, deadline time.Time) error {
	for time.Now().Before(deadline) {
		m := b.matchQuiet(id)
		switch {
		case m == nil:
			return fmt.Errorf("no match")
		case m.Result != "playing":
			return nil
		case m.Choose:
			start := []string{"me", "opponent"}[rng.IntN(2)]
			if res, raw := b.doQuiet("POST", "/api/tournaments/"+id+"/match/first", map[string]string{"start": start}); res != http.StatusOK {
				return fmt.Errorf("choosing who starts: %d %s", res, raw)
			}
			continue
		}
		g := m.Games[len(m.Games)-1]
		if g.Finished {
			time.Sleep(2 * time.Millisecond) // the match is recording it
			continue
		}
		if err := b.playGame(g, rng, deadline); err != nil {
			return err
		}
	}
	return fmt.Errorf("the match did not end in time")
}

// playGame plays one game of b's seat until it is over.
func (b *browser) playGame(g GameLink, rng *rand.Rand, deadline time.Time) error {
	for time.Now().Before(deadline) {
		var st StateMsg
		code, raw := b.doQuiet("GET", "/api/games/"+g.ID+"?token="+g.Token, nil)
		if code != http.StatusOK || json.Unmarshal([]byte(raw), &st) != nil {
			return fmt.Errorf("game %s: %d %s", g.ID, code, raw)
		}
		if st.Finished {
			return nil
		}
		var choices []LegalAction
		for _, l := range st.Legal {
			if !l.Concedes {
				choices = append(choices, l)
			}
		}
		if len(choices) == 0 {
			time.Sleep(time.Millisecond)
			continue
		}
		a := choices[rng.IntN(len(choices))]
		v := st.Version
		code, raw = b.doQuiet("POST", "/api/games/"+g.ID+"/actions", ActionRequest{Token: g.Token, Action: a.Action, Version: &v})
		if code != http.StatusOK && code != http.StatusConflict {
			return fmt.Errorf("game %s action %q: %d %s", g.ID, a.Action, code, raw)
		}
	}
	return fmt.Errorf("game %s did not end in time", g.ID)
}

func (b *browser) matchQuiet(id string) *MatchView {
	code, raw := b.doQuiet("GET", "/api/tournaments/"+id+"/match", nil)
	var v struct{ Match *MatchView }
	if code != http.StatusOK || json.Unmarshal([]byte(raw), &v) != nil {
		return nil
	}
	return v.Match
}

// doQuiet is do without the test's helpers and the record of bodies, for
// bots on their own goroutines.
func (b *browser) doQuiet(method, path string, body any) (int, string) {
	var r io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		r = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, b.base+path, r)
	req.Header.Set("Content-Type", "application/json")
	if b.csrf != "" {
		req.Header.Set(csrfHeader, b.csrf)
	}
	res, err := b.client.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(raw)
}
