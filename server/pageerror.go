package server

import (
	"bytes"
	"errors"
	"html/template"
	"net/http"
	"unicode"
	"unicode/utf8"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// pageLink is a way on from a page that could not be shown.
type pageLink struct {
	Href, Text string
}

// errorPage is what the page error template shows.
type errorPage struct {
	Lang    i18n.Lang
	Langs   []i18n.Lang
	Message string
	// Links lead to pages that can be shown instead, such as the same
	// page for each game the server offers.
	Links []pageLink
	T     func(key string, kv ...any) string
}

var errorTemplate = template.Must(template.New("page error").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{call .T "page_error.title"}} · Kartenwerk</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/rules.css">
</head>
<body class="rules">
<header class="bar"><a class="brand" href="/">Kartenwerk</a>
<nav class="langs" aria-label="{{call .T "rules.language"}}">{{range .Langs}}<a href="?lang={{.}}"{{if eq . $.Lang}} aria-current="true"{{end}} lang="{{.}}">{{.Name}}</a> {{end}}</nav>
</header>
<main class="rules-main">
<section class="panel" id="page-error"><h2>{{call .T "page_error.title"}}</h2>
<p class="bad">{{.Message}}</p>
{{if .Links}}<p>{{call .T "page_error.instead"}}</p>
<ul>{{range .Links}}<li><a href="{{.Href}}">{{.Text}}</a></li>{{end}}</ul>{{end}}
</section>
<p><a href="/">{{call .T "rules.back"}}</a></p>
</main>
</body>
</html>
`))

// pageError answers a request for a page of the site that cannot be shown
// with a page, not the API's JSON: why, in the reader's language, and
// links to pages that can be. Causes that are not refusals are logged and
// shown as the server's failure, as the API does.
func (srv *Server) pageError(w http.ResponseWriter, r *http.Request, err error, links []pageLink) {
	l := langOf(r)
	status := http.StatusInternalServerError
	var refused *refusal
	if errors.As(err, &refused) {
		status = refused.status
	} else {
		srv.log.Error("page failed", "path", r.URL.Path, "err", err)
		err = refuse(status, "server_failed")
	}
	page := errorPage{Lang: l, Langs: i18n.Langs, Message: asSentence(sayError(err, l)), Links: links,
		T: func(key string, kv ...any) string { return words.T(l, key, kv...) }}
	w.Header().Set("Vary", "Accept-Language, Cookie")
	srv.writePage(w, status, l, errorTemplate, page)
}

// writePage answers with a page the server renders itself, in language
// l; a template that fails is the server's failure, logged.
func (srv *Server) writePage(w http.ResponseWriter, status int, l i18n.Lang, t *template.Template, page any) {
	var b bytes.Buffer
	if err := t.Execute(&b, page); err != nil {
		srv.log.Error("rendering a page failed", "page", t.Name(), "err", err)
		writeRefusal(w, refuse(http.StatusInternalServerError, "server_failed"))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Language", l.String())
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// pageGame is the game a page under prefix ("/rules/") names in its
// path. For a game the server does not offer it answers with a page
// that says so and links to that page of each game it does offer.
func (srv *Server) pageGame(w http.ResponseWriter, r *http.Request, prefix string) (engine.Game, bool) {
	id := r.PathValue("game")
	g, err := srv.games.lookup(id)
	if err != nil {
		srv.pageError(w, r, refuse(http.StatusNotFound, "no_game_here", "game", id), srv.gameLinks(prefix))
		return nil, false
	}
	return g, true
}

// gamePage serves the page file of a game under prefix ("/decks/"), and
// for a game the server does not offer the page that says so (pageGame).
func (srv *Server) gamePage(prefix, file string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, ok := srv.pageGame(w, r, prefix); ok {
			srv.page(file)(w, r)
		}
	}
}

// gameLinks links to the page under prefix ("/rules/") of each game the
// server offers, named as the game is.
func (srv *Server) gameLinks(prefix string) []pageLink {
	links := make([]pageLink, 0, len(srv.games.list))
	for _, g := range srv.games.list {
		info := g.Info()
		links = append(links, pageLink{Href: prefix + info.ID, Text: info.Name})
	}
	return links
}

// asSentence starts s with a capital letter, as a refusal shown on its own
// is a sentence.
func asSentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
