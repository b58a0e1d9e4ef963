package server

import (
	"embed"
	"html/template"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

//go:embed messages/*.yaml
var serverMessages embed.FS

// words are the server's own words: the pages it renders itself.
var words = i18n.MustLoad("server words", serverMessages, "messages", i18n.Shared)

// ruleIDPattern finds rule ids ("MM-4.2", "AT-10.U6") in text, to link
// them to their rule.
var ruleIDPattern = regexp.MustCompile(`\b([A-Z]{2})-(\d+(?:\.[0-9A-Z]+)*)\b`)

// linkRules escapes text for HTML and makes every rule id of the game a
// link to its rule on the page.
func linkRules(text, prefix string) template.HTML {
	esc := template.HTMLEscapeString(text)
	return template.HTML(ruleIDPattern.ReplaceAllStringFunc(esc, func(id string) string {
		if !strings.HasPrefix(id, prefix+"-") {
			return id
		}
		return `<a class="rule-ref" href="#` + id + `">` + id + `</a>`
	}))
}

// rulesEntry is a game in the rules' index: what it is about and how
// many play it, in the reader's language.
type rulesEntry struct {
	engine.Info
	About   string
	Players string // "2" or "2–4"
}

// aboutIn is g's summary in language l, or "" where g has none in l: a
// game without words of its own has only its Info's, in English.
func aboutIn(g engine.Game, l i18n.Lang) string {
	if sp, ok := g.(engine.Speaker); ok && sp.Catalog().Has("game.summary") || l == i18n.EN {
		return engine.SummaryIn(g, l)
	}
	return ""
}

// rulesPage is what the rules template shows.
type rulesPage struct {
	Lang     i18n.Lang
	Langs    []i18n.Lang
	Game     engine.Info
	Games    []rulesEntry
	Ref      *i18n.Reference
	T        func(key string, kv ...any) string
	LinkRule func(text string) template.HTML
}

var rulesTemplate = template.Must(template.New("rules").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{if .Ref}}{{call .T "rules.title" "game" .Game.Name}}{{else}}{{call .T "rules.index"}}{{end}} · Kartenwerk</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/rules.css">
</head>
<body class="rules">
<header class="bar"><a class="brand" href="/">Kartenwerk</a>
<span>{{if .Ref}}{{call .T "rules.title" "game" .Game.Name}}{{else}}{{call .T "rules.index"}}{{end}}</span>
<nav class="langs" aria-label="{{call .T "rules.language"}}">{{range .Langs}}<a href="?lang={{.}}"{{if eq . $.Lang}} aria-current="true"{{end}} lang="{{.}}">{{.Name}}</a> {{end}}</nav>
</header>
<main class="rules-main">
{{if .Ref}}
<nav class="toc panel"><h2>{{call .T "rules.contents"}}</h2><ol>
{{range .Ref.Sections}}<li><a href="#s-{{.ID}}">{{.ID}} {{.Title}}</a></li>{{end}}
<li><a href="#glossary">{{call .T "rules.glossary"}}</a></li></ol>
<p><a href="/cards/{{.Game.ID}}">{{call .T "rules.cards"}}</a></p></nav>
{{range .Ref.Sections}}<section class="panel" id="s-{{.ID}}"><h2>{{.ID}} {{.Title}}</h2>
{{range .Rules}}<article class="rule" id="{{.ID}}"><h3><a href="#{{.ID}}">{{.ID}}</a> {{.Title}}</h3><p>{{call $.LinkRule .Text}}</p></article>
{{end}}</section>{{end}}
<section class="panel" id="glossary"><h2>{{call .T "rules.glossary"}}</h2><dl>
{{range .Ref.Glossary}}<dt>{{.Term}}</dt><dd>{{call $.LinkRule .Text}}{{if .Rules}} ({{call $.T "rules.defines"}} {{range $i, $r := .Rules}}{{if $i}}, {{end}}<a href="#{{$r}}">{{$r}}</a>{{end}}){{end}}</dd>
{{end}}</dl></section>
{{else}}
{{if .Game.ID}}<p>{{call .T "rules.none" "game" .Game.Name}}</p>{{end}}
{{range .Games}}<section class="panel game-entry"><h2><a href="/rules/{{.ID}}">{{.Name}}</a></h2>
<p class="muted">{{call $.T "rules.players" "players" .Players}} · <a href="/cards/{{.ID}}">{{call $.T "rules.cards"}}</a></p>
{{if .About}}<p>{{.About}}</p>{{end}}</section>
{{end}}
{{end}}
<p><a href="/">{{call .T "rules.back"}}</a></p>
</main>
</body>
</html>
`))

// handleRules serves /rules/{game}: the game's rules reference in the
// reader's language, each rule at its id's anchor (/rules/mystimons#MM-4.2).
func (srv *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	page := rulesPage{Lang: l, Langs: i18n.Langs,
		T: func(key string, kv ...any) string { return words.T(l, key, kv...) }}
	for _, g := range srv.games.list {
		info := g.Info()
		players := strconv.Itoa(info.MinSeats)
		if info.MaxSeats > info.MinSeats {
			players += "–" + strconv.Itoa(info.MaxSeats)
		}
		page.Games = append(page.Games, rulesEntry{Info: info, About: aboutIn(g, l), Players: players})
	}
	status := http.StatusOK
	if r.PathValue("game") != "" {
		g, ok := srv.pageGame(w, r, "/rules/")
		if !ok {
			return
		}
		page.Game = g.Info()
		if ref, ok := g.(engine.Referencer); ok {
			page.Ref = ref.Reference(l)
		}
		if page.Ref == nil {
			status = http.StatusNotFound
		}
		page.LinkRule = func(text string) template.HTML { return linkRules(text, page.Game.RulesID) }
	}
	srv.writePage(w, status, l, rulesTemplate, page)
}

// handleRulesJSON serves GET /api/catalog/{game}/rules: the reference as
// JSON in the reader's language.
func (srv *Server) handleRulesJSON(w http.ResponseWriter, r *http.Request) {
	g, err := srv.games.lookup(r.PathValue("game"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	ref, ok := g.(engine.Referencer)
	if !ok {
		writeError(w, http.StatusNotFound, words.T(langOf(r), "rules.none", "game", g.Info().Name))
		return
	}
	writeJSON(w, http.StatusOK, ref.Reference(langOf(r)))
}
