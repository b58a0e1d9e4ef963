package server

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/web"
)

// pageForeign lists words that give away another language in the pages'
// words, per language of the text they must not appear in.
var pageForeign = map[i18n.Lang][]string{
	i18n.EN: {"und", "der", "die", "das", "nicht", "Spiel", "Karte", "Karten", "Spieler", "Zug", "Runde", "karta", "karty", "hráč", "tah", "kolo", "hra", "hru"},
	i18n.DE: {"the", "and", "card", "cards", "player", "turn", "game", "your", "you", "with", "karta", "karty", "hráč", "hra", "hru"},
	i18n.CS: {"the", "and", "card", "cards", "player", "game", "your", "you", "und", "der", "Karte", "Karten", "Spieler", "Spiel"},
}

func foreignWord(l i18n.Lang, text string) string {
	re := regexp.MustCompile(`(^|[^\p{L}])(` + strings.Join(pageForeign[l], "|") + `)($|[^\p{L}])`)
	if m := re.FindStringSubmatch(text); m != nil {
		return m[2]
	}
	return ""
}

var templateArg = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// Every page key renders in every language, with every argument filled
// and no word of another language; a counted message has the plural
// forms its language counts with.
func TestPageWordsRenderInEveryLanguage(t *testing.T) {
	keys := pageWords.Keys()
	if len(keys) < 100 {
		t.Fatalf("the pages' catalogue has %d keys; the pages use more than 100", len(keys))
	}
	wantForms := map[i18n.Lang][]string{i18n.EN: {"one", "other"}, i18n.DE: {"one", "other"}, i18n.CS: {"few", "one", "other"}}
	for _, l := range i18n.Langs {
		for _, key := range keys {
			var kv []any
			for _, m := range templateArg.FindAllStringSubmatch(templateText(pageTemplates[i18n.EN][key]), -1) {
				kv = append(kv, m[1], 2)
			}
			got := pageWords.T(l, key, kv...)
			switch {
			case strings.Contains(got, "⟦"), strings.Contains(got, "<no value>"), strings.Contains(got, "{{"):
				t.Errorf("%s %q renders as %q", l, key, got)
			case foreignWord(l, got) != "":
				t.Errorf("%s %q: %q is not %s: %q", l, key, foreignWord(l, got), l.Name(), got)
			}
			tmpl, ok := pageTemplates[l][key]
			if !ok {
				t.Errorf("%s: /api/words lacks %q", l, key)
			}
			if forms, counted := tmpl.(map[string]string); counted {
				have := slices.Sorted(func(yield func(string) bool) {
					for f := range forms {
						if !yield(f) {
							return
						}
					}
				})
				if !slices.Equal(have, wantForms[l]) {
					t.Errorf("%s %q has plural forms %v, want %v", l, key, have, wantForms[l])
				}
			}
		}
		t.Logf("%s: %d page keys", l, len(pageTemplates[l]))
	}
}

func templateText(v any) string {
	if forms, ok := v.(map[string]string); ok {
		return forms["other"]
	}
	s, _ := v.(string)
	return s
}

func TestForeignWordCheckFindsAnotherLanguage(t *testing.T) {
	for l, text := range map[i18n.Lang]string{i18n.EN: "Die Karte", i18n.DE: "the card", i18n.CS: "Spieler 1"} {
		if foreignWord(l, text) == "" {
			t.Errorf("%s: %q passed the foreign-word check", l, text)
		}
	}
}

// pageSources reads every page script and HTML file.
func pageSources(t *testing.T, ext string) map[string]string {
	t.Helper()
	out := map[string]string{}
	names, err := fs.Glob(web.FS, "*."+ext)
	if err != nil || len(names) == 0 {
		t.Fatalf("no *.%s in web: %v", ext, err)
	}
	for _, n := range names {
		b, err := fs.ReadFile(web.FS, n)
		if err != nil {
			t.Fatal(err)
		}
		out[n] = string(b)
	}
	return out
}

var (
	jsKey   = regexp.MustCompile(`\bt\("([a-z0-9_.]+)"(\s*\+)?`)
	htmlKey = regexp.MustCompile(`data-t(?:-[a-z-]+)?="([^"]+)"`)
	// otherPages speak through catalogues of their own, such as the
	// companion's companion-i18n.js.
	otherPages = regexp.MustCompile(`^companion`)
	jsLiteral  = regexp.MustCompile("\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*'|`[^`]*`")
	jsComment  = regexp.MustCompile(`(?m)^\s*(//.*|/?\*.*)$|\s//\s.*$`)
	// Literals in these places are code, not words: classes, selectors,
	// tag and event names, attributes, dataset keys, an option's value.
	codeContext = regexp.MustCompile(`(class:|"option",\s*\{value:|style:|===|!==|className\s*=|classList\.\w+\(|querySelector(All)?\(|closest\(|matches(\?\.)?\(|matchMedia\(|addEventListener\(|el\(|createElementNS\(|setAttribute\(|getElementById\(|\$\(|import|from|key ===|startsWith\(|split\(|join\(|localStorage\.\w+\(|Item\()\s*$`)
	englishWord = regexp.MustCompile(`(?i)(^|[^\p{L}])(the|to|of|and|your|you|is|for|with|click|choose|again|not|waiting|connected|connecting|game|games|watch|replay|turn|phase|round|deck|log|lobby|cancel|close|rematch|wins?|lose|draw|hidden|empty|spectators?|players?|seat|link|account|password|register|cards?)($|[^\p{L}])`)
	sentence    = regexp.MustCompile(`^\s*\p{Lu}\p{Ll}+[\s,:]+\p{L}`)
	prose       = regexp.MustCompile(`\p{L}{2,}(…|[.!?:]\s*$)`)
	identifier  = regexp.MustCompile(`^[a-z0-9_.#\[\]=*-]+$`)
	// Places where even a lone word is shown: a ternary's branch, a text
	// or a title.
	displayContext = regexp.MustCompile(`(\?|textContent\s*=|title:|placeholder:)\s*$`)
)

// properNames are shown as they are in every language.
var properNames = map[string]bool{"Kartenwerk": true, "MystiMons": true, "Athernum": true, "Micro-Life": true, "Mystic Elements": true,
	"Zynalith": true, "Trick": true, "Deutsch": true, "English": true, "Čeština": true}

// withoutInterpolations blanks a template literal's ${...} parts, which
// are code.
func withoutInterpolations(lit string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(lit); i++ {
		switch {
		case depth == 0 && strings.HasPrefix(lit[i:], "${"):
			depth, i = 1, i+1
		case depth > 0 && lit[i] == '{':
			depth++
		case depth > 0 && lit[i] == '}':
			depth--
		case depth == 0:
			b.WriteByte(lit[i])
		}
	}
	return b.String()
}

// playerWords lists the string literals of a script that a player would
// read: a sentence, or a literal with an English word, outside the places
// where literals are code.
func playerWords(src string) []string {
	src = jsComment.ReplaceAllString(src, "")
	var out []string
	for _, loc := range jsLiteral.FindAllStringIndex(src, -1) {
		lit := src[loc[0]+1 : loc[1]-1]
		before := src[max(0, loc[0]-40):loc[0]]
		if strings.HasSuffix(strings.TrimSpace(before), "t(") || codeContext.MatchString(before) {
			continue
		}
		text := withoutInterpolations(lit)
		if strings.HasPrefix(text, "/") || strings.HasPrefix(text, "?") || strings.HasPrefix(text, "--") || strings.Contains(text, "://") || properNames[strings.TrimSpace(text)] {
			continue
		}
		// A lone identifier is a value or an id, unless it is put on show.
		if identifier.MatchString(text) && !displayContext.MatchString(before) {
			continue
		}
		if englishWord.MatchString(text) || sentence.MatchString(text) || prose.MatchString(text) {
			out = append(out, lit)
		}
	}
	return out
}

// Every word the pages show goes through t(): no script shows a literal
// sentence or English word, and every key the pages use is in the
// catalogue, which has no key that no page uses.
func TestPagesSpeakOnlyThroughTheCatalogue(t *testing.T) {
	used := map[string]bool{}
	var prefixes []string
	for name, src := range pageSources(t, "js") {
		if otherPages.MatchString(name) {
			continue
		}
		for _, lit := range playerWords(src) {
			t.Errorf("web/%s shows %q to players: put it in web/messages and show t(key)", name, lit)
		}
		for _, m := range jsKey.FindAllStringSubmatch(src, -1) {
			if m[2] != "" {
				prefixes = append(prefixes, m[1])
				continue
			}
			used[m[1]] = true
		}
	}
	for name, src := range pageSources(t, "html") {
		if otherPages.MatchString(name) {
			continue
		}
		for _, m := range htmlKey.FindAllStringSubmatch(src, -1) {
			used[m[1]] = true
		}
		for _, text := range htmlWords(src) {
			t.Errorf("web/%s shows %q to players: mark the element data-t=\"key\" (data-t-title... for attributes)", name, text)
		}
	}
	for key := range used {
		if !pageWords.Has(key) {
			t.Errorf("the pages use %q, which web/messages/en.yaml lacks: add it in every language", key)
		}
	}
	for _, key := range pageWords.Keys() {
		if !used[key] && !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(key, p) }) {
			t.Errorf("web/messages has %q, which no page uses: remove it or use it", key)
		}
	}
}

var (
	htmlText   = regexp.MustCompile(`>([^<]+)<`)
	htmlAttr   = regexp.MustCompile(`\s(title|placeholder|aria-label)="([^"]*)"`)
	htmlScript = regexp.MustCompile(`(?s)<(script|style|title)[^>]*>.*?</(script|style|title)>`)
	letterWord = regexp.MustCompile(`\p{L}{2,}`)
)

// htmlWords lists the words an HTML page shows without a key: text and
// title, placeholder and aria-label attributes. The brand is a name.
func htmlWords(src string) []string {
	src = htmlScript.ReplaceAllString(src, "")
	var out []string
	for _, m := range htmlText.FindAllStringSubmatch(src, -1) {
		if text := strings.TrimSpace(m[1]); letterWord.MatchString(text) && text != "Kartenwerk" {
			out = append(out, text)
		}
	}
	for _, m := range htmlAttr.FindAllStringSubmatch(src, -1) {
		if regexp.MustCompile(`\p{Ll}{2,}`).MatchString(m[2]) {
			out = append(out, m[1]+"="+m[2])
		}
	}
	return out
}

// The scans find what they look for: the table's words as they were
// before the catalogue.
func TestPageScansFindLiteralWords(t *testing.T) {
	for _, src := range []string{
		`$("#prompt").replaceChildren(el("p", {}, "Waiting for the AI"));`,
		"c.textContent = ok ? `connected` : \"reconnecting…\";",
		`el("button", {class: "close", onclick: closeMenu}, actions.length ? "Cancel" : "Close")`,
	} {
		if len(playerWords(src)) == 0 {
			t.Errorf("the script scan passed %s", src)
		}
	}
	if got := playerWords(`el("div", {class: "card back small"}, t("card.hidden"))`); len(got) != 0 {
		t.Errorf("the script scan flags code: %q", got)
	}
	if got := htmlWords(`<h2>My games</h2><button title="first (Home)">⏮</button>`); len(got) != 2 {
		t.Errorf("the HTML scan found %q, want the heading and the title", got)
	}
}

// GET /api/words answers in the reader's language (?lang=, the switcher's
// cookie, Accept-Language), with the game's names when it speaks them.
func TestWordsAPIAnswersInTheReadersLanguage(t *testing.T) {
	e := newEnv(t)
	get := func(path string, header ...string) (int, WordsResponse) {
		t.Helper()
		req := httptest.NewRequest("GET", path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		e.srv.ServeHTTP(rec, req)
		var w WordsResponse
		json.Unmarshal(rec.Body.Bytes(), &w)
		return rec.Code, w
	}
	for _, c := range []struct {
		path, header, value, lang, log string
	}{
		{"/api/words", "Accept-Language", "cs-CZ,cs;q=0.9", "cs", "Průběh hry"},
		{"/api/words", "Cookie", "lang=de", "de", "Spielverlauf"},
		{"/api/words?lang=en", "Accept-Language", "de", "en", "Log"},
	} {
		code, w := get(c.path, c.header, c.value)
		if code != http.StatusOK || w.Lang != c.lang || w.Pages["table.log"] != c.log {
			t.Errorf("%s with %s %q: %d %q log %q, want %s %q", c.path, c.header, c.value, code, w.Lang, w.Pages["table.log"], c.lang, c.log)
		}
	}
	for _, g := range engine.Games() {
		_, w := get("/api/words?game="+g.Info().ID, "Accept-Language", "de")
		_, speaks := g.(engine.Speaker)
		if len(w.Game) != len(gameWordKinds) || speaks != (len(w.Game["zone"]) > 0) {
			t.Errorf("%s: game words %v (the game speaks languages: %v)", g.Info().ID, w.Game, speaks)
		}
	}
	if code, _ := get("/api/words?game=chess"); code != http.StatusNotFound {
		t.Errorf("an unknown game's words: %d, want 404", code)
	}
}

// Every kind of seat a table can show has a word in the pages'
// catalogue: the seat's tag on the table, in the lobby's list of games
// and in the replay's seat picker read "seat.kind_" + its kind, and a
// missing word shows as ⟦seat.kind_ranked⟧.
func TestEverySeatKindHasAPageWord(t *testing.T) {
	for _, kind := range []string{KindYou, KindFriend, KindHotseat, KindRanked} {
		if !pageWords.Has("seat.kind_" + kind) {
			t.Errorf("a %s seat has no word: add seat.kind_%s to web/messages", kind, kind)
		}
	}
}
