package zynalith

import (
	"embed"

	"kartenwerk/engine/i18n"
)

//go:embed rules/*.yaml
var ruleFiles embed.FS

// references is the rules reference in every language, by the digest's
// rule ids; the files are part of the binary, so an error is a panic.
var references = i18n.MustLoadReference(ruleFiles, "rules")

// Reference returns Zynalith's rules reference in language l
// (engine.Referencer).
func (Game) Reference(l i18n.Lang) *i18n.Reference { return references[l] }
