package server

import (
	"fmt"
	"html/template"
	"net/http"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// cardsPage is what the card page template shows.
type cardsPage struct {
	Lang   i18n.Lang
	Langs  []i18n.Lang
	Game   engine.Info
	Day    string
	Cards  []engine.CardInfo
	Errata []engine.Erratum
	T      func(key string, kv ...any) string
	// DayIn is a day (2026-11-24) as the reader writes it.
	DayIn func(day string) string
	// Word is a name a card carries (a stat) in the game's words.
	Word func(kind, name string) string
}

var cardsTemplate = template.Must(template.New("cards").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{call .T "cards.title" "game" .Game.Name}} · Kartenwerk</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/rules.css">
</head>
<body class="rules">
<header class="bar"><a class="brand" href="/">Kartenwerk</a>
<span>{{call .T "cards.title" "game" .Game.Name}}</span>
<nav class="langs" aria-label="{{call .T "rules.language"}}">{{range .Langs}}<a href="?lang={{.}}&amp;at={{$.Day}}"{{if eq . $.Lang}} aria-current="true"{{end}} lang="{{.}}">{{.Name}}</a> {{end}}</nav>
</header>
<main class="rules-main">
<section class="panel"><h2>{{call .T "cards.as_of" "day" (call .DayIn .Day)}}</h2>
<form method="get"><input type="hidden" name="lang" value="{{.Lang}}"><label>{{call .T "cards.day"}} <input type="date" name="at" value="{{.Day}}"></label> <button type="submit">{{call .T "cards.show_day"}}</button></form>
</section>
<section class="panel" id="errata"><h2>{{call .T "cards.errata"}}</h2>
{{if .Errata}}<ul>{{range .Errata}}<li><b>{{.Card}}</b>, {{call $.DayIn .From}} ({{if le .From $.Day}}{{call $.T "cards.in_force"}}{{else}}{{call $.T "cards.not_yet"}}{{end}}): {{range $k, $v := .Changes}}{{$k}} {{$v}} {{end}}{{if .Note}}<br>{{.Note}}{{end}}{{if .Clarification}}<br><i>{{call $.T "cards.clarification"}}:</i> {{.Clarification}}{{end}}</li>{{end}}</ul>
{{else}}<p>{{call .T "cards.no_errata"}}</p>{{end}}
</section>
<section class="panel"><dl>
{{range .Cards}}<dt id="{{.Name}}">{{.Name}}</dt><dd>{{.Kind}}{{if .Group}} · {{.Group}}{{end}}{{if .Cost}} · {{call $.T "cards.cost" "cost" .Cost}}{{end}}{{range .Stats}} · {{call $.Word "stat" .Name}} {{.Value}}{{end}}{{if .Keywords}} · {{range $i, $k := .Keywords}}{{if $i}}, {{end}}{{$k}}{{end}}{{end}}<br>{{.Text}}</dd>
{{end}}</dl></section>
<p><a href="/">{{call .T "rules.back"}}</a></p>
</main>
</body>
</html>
`))

// handleCardsPage serves /cards/{game}?at=DAY: every card's text in force
// on a day (today by default) in the reader's language, and the game's
// errata, each marked in force or not yet on that day.
func (srv *Server) handleCardsPage(w http.ResponseWriter, r *http.Request) {
	g, ok := srv.pageGame(w, r, "/cards/")
	if !ok {
		return
	}
	at, err := srv.cardsAt(g, r)
	if err != nil {
		today := words.T(langOf(r), "page_error.today", "game", g.Info().Name)
		srv.pageError(w, r, err, []pageLink{{Href: "/cards/" + g.Info().ID, Text: today}})
		return
	}
	l := langOf(r)
	page := cardsPage{Lang: l, Langs: i18n.Langs, Game: g.Info(), Day: r.URL.Query().Get("at"), Cards: at.Cards(),
		T: func(key string, kv ...any) string { return words.T(l, key, kv...) }, Word: func(_, name string) string { return name },
		DayIn: func(day string) string { return dayIn(l, day) }}
	if page.Day == "" {
		page.Day = srv.today()
	}
	if sp, ok := at.(engine.Speaker); ok {
		page.Cards = sp.CardsIn(l)
		page.Word = func(kind, name string) string {
			if cat := sp.Catalog(); cat.Has(kind + "." + name) {
				return cat.T(l, kind+"."+name)
			}
			return name
		}
	}
	if v, ok := g.(engine.Versioned); ok {
		page.Errata = v.Errata()
	}
	srv.writePage(w, http.StatusOK, l, cardsTemplate, page)
}

// englishMonths are the months' names an English day is written with.
var englishMonths = [...]string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// dayIn writes an ISO day (2026-11-24) as a reader of l does: 24.11.2026,
// 24. 11. 2026, 24 November 2026, with no-break spaces, so that a line
// never ends inside a day ("29." over "11. 2026" in a phone's heading).
// What is not a day stays as it is.
func dayIn(l i18n.Lang, day string) string {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	switch l {
	case i18n.DE:
		return d.Format("02.01.2006")
	case i18n.CS:
		return fmt.Sprintf("%d.\u00a0%d.\u00a0%d", d.Day(), d.Month(), d.Year())
	}
	return fmt.Sprintf("%d\u00a0%s\u00a0%d", d.Day(), englishMonths[d.Month()-1], d.Year())
}
