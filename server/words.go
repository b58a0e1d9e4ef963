package server

import (
	"fmt"
	"io/fs"
	"net/http"
	"path"

	"github.com/goccy/go-yaml"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/web"
)

// pageWords is the pages' catalogue: every word of the lobby, table,
// replay, login and account pages. Loading it checks that every language
// has every key with the same arguments.
var pageWords = i18n.MustLoad("page words", web.Files, "messages", i18n.Shared)

// pageTemplates are the pages' messages as the pages fill them
// themselves, per language: a key's template ("Waiting for {{.name}}…"),
// or for a counted message its plural forms by CLDR category.
var pageTemplates = mustTemplates(web.Files, "messages")

// gameWordKinds are the names a game's views carry that pages look up:
// the prefixes of its catalogue's keys (engine.Speaker).
var gameWordKinds = []string{"zone", "stat", "status", "phase", "counter", "keyword", "kind", "group", "filter"}

// WordsResponse is GET /api/words: the pages' words and, with ?game=, the
// game's names, in the reader's language.
type WordsResponse struct {
	Lang  string                       `json:"lang"`
	Pages map[string]any               `json:"pages"`
	Game  map[string]map[string]string `json:"game"`
}

// wordRoutes serves the pages' words.
func (srv *Server) wordRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /api/words", srv.handleWords)
}

func (srv *Server) handleWords(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	resp := WordsResponse{Lang: l.String(), Pages: pageTemplates[l], Game: map[string]map[string]string{}}
	for _, kind := range gameWordKinds {
		resp.Game[kind] = map[string]string{}
	}
	if id := r.URL.Query().Get("game"); id != "" {
		g, err := srv.games.lookup(id)
		if err != nil {
			srv.httpError(w, err)
			return
		}
		if sp, ok := g.(engine.Speaker); ok {
			for _, kind := range gameWordKinds {
				resp.Game[kind] = sp.Catalog().Words(l, kind+".")
			}
		}
	}
	// The answer depends on the language, which comes from these headers.
	w.Header().Set("Vary", "Accept-Language, Cookie")
	writeJSON(w, http.StatusOK, resp)
}

// pluralForms are the keys of a counted message's forms.
var pluralForms = map[string]bool{"zero": true, "one": true, "two": true, "few": true, "many": true, "other": true}

// mustTemplates reads dir/<lang>.yaml for every language into flat maps
// of dotted keys. The files are the binary's own, checked by i18n.Load,
// so an error is the program's: it panics.
func mustTemplates(fsys fs.FS, dir string) map[i18n.Lang]map[string]any {
	out := map[i18n.Lang]map[string]any{}
	for _, l := range i18n.Langs {
		buf, err := fs.ReadFile(fsys, path.Join(dir, l.String()+".yaml"))
		if err != nil {
			panic(err)
		}
		var tree map[string]any
		if err := yaml.Unmarshal(buf, &tree); err != nil {
			panic(fmt.Errorf("%s/%s.yaml: %w", dir, l, err))
		}
		flat := map[string]any{}
		flatten("", tree, flat)
		out[l] = flat
	}
	return out
}

// flatten puts tree's messages into flat by dotted key; a map of plural
// forms is one message.
func flatten(prefix string, tree map[string]any, flat map[string]any) {
	for k, v := range tree {
		key := prefix + k
		sub, ok := v.(map[string]any)
		if !ok {
			flat[key] = fmt.Sprint(v)
			continue
		}
		if isPlural(sub) {
			forms := map[string]string{}
			for form, text := range sub {
				forms[form] = fmt.Sprint(text)
			}
			flat[key] = forms
			continue
		}
		flatten(key+".", sub, flat)
	}
}

func isPlural(m map[string]any) bool {
	for k := range m {
		if !pluralForms[k] {
			return false
		}
	}
	return len(m) > 0
}
