// Package web is the browser UI of the play server: HTML pages, ES
// modules and CSS, embedded as they are (there is no build step), and
// the pages' words in German, English and Czech.
package web

import "embed"

// FS holds the pages (index.html, play.html, replay.html) and their
// scripts and styles.
//
//go:embed *.html *.js *.css
var FS embed.FS

// Files holds the pages' message catalogue: messages/en.yaml, de.yaml
// and cs.yaml, which the server serves at /api/words.
//
//go:embed messages/*.yaml
var Files embed.FS
