package server

import (
	"net/http"
	"net/url"
	"slices"

	"kartenwerk/engine"
	"kartenwerk/platform/codes"
	"kartenwerk/platform/companion"
)

// The companion as a web app for a phone: its page, service worker,
// manifest and icon, and the QR code that brings the other phones to a
// table.

// handleCompanionPage serves a game's companion page; an unknown game
// gets the list of the companions there are.
func (srv *Server) handleCompanionPage(w http.ResponseWriter, r *http.Request) {
	if !slices.Contains(companion.Games(), r.PathValue("game")) {
		srv.pageError(w, r, refuse(http.StatusNotFound, "no_companion", "game", r.PathValue("game")), srv.companionLinks())
		return
	}
	srv.page("companion.html")(w, r)
}

// companionManifest makes the companion an installable web app.
const companionManifest = `{
  "name": "Kartenwerk Companion",
  "short_name": "Companion",
  "description": "Counters, hints and a shared log for card games played with physical cards",
  "start_url": "/companion/",
  "scope": "/companion/",
  "display": "standalone",
  "orientation": "portrait",
  "background_color": "#15171c",
  "theme_color": "#15171c",
  "icons": [{"src": "/companion-icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any maskable"}]
}`

func handleCompanionManifest(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/manifest+json")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write([]byte(companionManifest))
}

// companionIcon is the app's icon: a card with a counter on it.
const companionIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="18" fill="#15171c"/>` +
	`<rect x="24" y="14" width="48" height="68" rx="6" fill="#f7f3e8"/><circle cx="48" cy="48" r="16" fill="#f2b84b"/>` +
	`<text x="48" y="55" font-family="sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#15171c">3</text></svg>`

func handleCompanionIcon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write([]byte(companionIcon))
}

// handleCompanionQR draws the table's join link as a QR code (SVG), for
// the other phones to scan off the first.
func (srv *Server) handleCompanionQR(w http.ResponseWriter, r *http.Request) {
	lt, err := srv.companionTable(r.Context(), r.PathValue("id"))
	if err != nil {
		srv.companionError(w, err)
		return
	}
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	link := (&url.URL{Scheme: scheme, Host: r.Host, Path: "/companion/" + lt.t.Game, RawQuery: "t=" + url.QueryEscape(lt.t.ID)}).String()
	q, err := codes.NewQR(link)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=86400")
	if err := q.WriteSVG(w, 6); err != nil {
		srv.log.Warn("companion QR", "err", err)
	}
}

// companionLinks links to the companion of each game it keeps tables for.
func (srv *Server) companionLinks() []pageLink {
	var links []pageLink
	for _, id := range companion.Games() {
		name := id
		if g, err := engine.Lookup(id); err == nil {
			name = g.Info().Name
		}
		links = append(links, pageLink{Href: "/companion/" + id, Text: name})
	}
	return links
}
