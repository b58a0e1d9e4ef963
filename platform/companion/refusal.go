package companion

import "fmt"

// Refusal is a command the table refuses for a reason a player meets at
// the table (a name typed wrong, an event undone twice): Code names its
// words, which a server puts into the player's language with Args (name,
// value pairs); Error is the English text.
type Refusal struct {
	Code string
	Args []any
	text string
}

func (r *Refusal) Error() string { return r.text }

// refusal returns the Refusal with this code and arguments, whose
// English text is format with a.
func refusal(code string, args []any, format string, a ...any) *Refusal {
	return &Refusal{Code: code, Args: args, text: fmt.Sprintf(format, a...)}
}
