package server

import (
	"html/template"
	"net/http"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/games/microlife"
	"kartenwerk/games/zynalith"
)

// referencedGame is a game with a small rules reference, to test the
// rules pages whatever the shipped games' references say.
type referencedGame struct{ engine.Game }

func (referencedGame) Reference(l i18n.Lang) *i18n.Reference {
	title := map[i18n.Lang]string{i18n.EN: "Rounds", i18n.DE: "Runden", i18n.CS: "Kola"}[l]
	return &i18n.Reference{Title: "Zynalith", Sections: []i18n.Section{{ID: "1", Title: title, Rules: []i18n.Rule{
		{ID: "ZY-1.1", Title: title, Text: "Five rounds <b>; see ZY-1.2 and MM-4.2."},
		{ID: "ZY-1.2", Title: "Start", Text: "Silver."},
	}}}, Glossary: []i18n.Term{{Term: "Silver", Text: "Money.", Rules: []string{"ZY-1.2"}}}}
}

func TestRulesPageInTheReadersLanguageWithLinkedIDs(t *testing.T) {
	e := &testEnv{t: t, db: t.TempDir() + "/g.db", games: []engine.Game{referencedGame{zynalith.Game{}}, microlife.Game{}}}
	e.start()
	t.Cleanup(e.stop)
	get := func(path, accept string) (int, string) {
		req, _ := http.NewRequest("GET", e.http.URL+path, nil)
		req.Header.Set("Accept-Language", accept)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := res.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		return res.StatusCode, b.String()
	}
	code, body := get("/rules/zynalith", "de-DE")
	for _, want := range []string{`lang="de"`, "Zynalith: Regeln", "Glossar", `id="ZY-1.1"`, `<a class="rule-ref" href="#ZY-1.2">ZY-1.2</a>`, "&lt;b&gt;", "Runden"} {
		if code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("GET /rules/zynalith in German: %d, body lacks %q:\n%s", code, want, body)
		}
	}
	if strings.Contains(body, `href="#MM-4.2"`) {
		t.Error("a rule id of another game is linked as if it were this game's")
	}
	if _, body := get("/rules/zynalith?lang=cs", "de"); !strings.Contains(body, "Kola") || !strings.Contains(body, "Slovníček pojmů") {
		t.Error("?lang=cs does not give the Czech page")
	}
	if code, _ := get("/rules/nosuchgame", "en"); code != http.StatusNotFound {
		t.Errorf("an unknown game's rules: %d, want 404", code)
	}
	// The index says of each game what it is about and how many play it,
	// in the reader's language, and links its rules and its cards.
	summary := engine.SummaryIn(microlife.Game{}, i18n.CS)
	code, body = get("/rules?lang=cs", "en")
	for _, want := range []string{`href="/rules/zynalith"`, `href="/cards/microlife"`, "Hráči: 2–6", "Hráči: 2 ·", template.HTMLEscapeString(summary)} {
		if code != http.StatusOK || summary == (microlife.Game{}).Info().Summary || !strings.Contains(body, want) {
			t.Errorf("GET /rules in Czech: %d, body lacks %q:\n%s", code, want, body)
		}
	}
}
