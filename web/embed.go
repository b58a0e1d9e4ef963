// Package web is the browser UI of the play server: HTML pages, ES
// modules and CSS, embedded as they are (there is no build step).
package web

import "embed"

// FS holds the pages (index.html, play.html, replay.html) and their
// scripts and styles.
//
//go:embed *.html *.js *.css
var FS embed.FS
