package engine

import (
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends v as encoding/json encodes it, byte for byte, but
// without reflection and with no allocation but dst's growth: a server
// encodes a view for every client kind on every move. A test plays
// random games of every game and compares the two encodings; another
// fails when a view type gains a field this does not write.
func (v *View) AppendJSON(dst []byte) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	dst = appendKey(dst, '{', "game")
	dst = appendJSONString(dst, v.Game)
	dst = appendSeat(appendKey(dst, ',', "viewer"), v.Viewer)
	dst = strconv.AppendInt(appendKey(dst, ',', "turn"), int64(v.Turn), 10)
	if v.Round != 0 {
		dst = strconv.AppendInt(appendKey(dst, ',', "round"), int64(v.Round), 10)
	}
	dst = appendJSONString(appendKey(dst, ',', "phase"), v.Phase)
	dst = appendSeat(appendKey(dst, ',', "active"), v.Active)
	dst = appendSeat(appendKey(dst, ',', "to_move"), v.ToMove)
	if v.Prompt != "" {
		dst = appendJSONString(appendKey(dst, ',', "prompt"), v.Prompt)
	}
	dst = appendList(appendKey(dst, ',', "players"), v.Players, (*PlayerView).appendJSON)
	if len(v.Shared) > 0 {
		dst = appendZones(appendKey(dst, ',', "shared"), v.Shared)
	}
	if v.Result != nil {
		dst = v.Result.appendJSON(appendKey(dst, ',', "result"))
	}
	if len(v.Notes) > 0 {
		dst = appendStrings(appendKey(dst, ',', "notes"), v.Notes)
	}
	return append(dst, '}')
}

func (p *PlayerView) appendJSON(dst []byte) []byte {
	dst = appendSeat(appendKey(dst, '{', "seat"), p.Seat)
	dst = appendJSONString(appendKey(dst, ',', "name"), p.Name)
	dst = appendStats(appendKey(dst, ',', "counters"), p.Counters)
	dst = appendZones(appendKey(dst, ',', "zones"), p.Zones)
	if p.Out {
		dst = append(appendKey(dst, ',', "out"), "true"...)
	}
	return append(dst, '}')
}

func (r *Result) appendJSON(dst []byte) []byte {
	dst = appendKey(dst, '{', "winners")
	if r.Winners == nil {
		dst = append(dst, "null"...)
	} else {
		for i, s := range r.Winners {
			dst = appendSeat(append(dst, listSep(i)), s)
		}
		dst = closeList(dst, len(r.Winners))
	}
	dst = strconv.AppendBool(appendKey(dst, ',', "draw"), r.Draw)
	dst = appendJSONString(appendKey(dst, ',', "reason"), r.Reason)
	return append(dst, '}')
}

func (z *Zone) appendJSON(dst []byte) []byte {
	dst = appendJSONString(appendKey(dst, '{', "name"), z.Name)
	dst = appendJSONString(appendKey(dst, ',', "visibility"), string(z.Visibility))
	dst = strconv.AppendInt(appendKey(dst, ',', "count"), int64(z.Count), 10)
	if len(z.Cards) > 0 {
		dst = appendCards(appendKey(dst, ',', "cards"), z.Cards)
	}
	return append(dst, '}')
}

func (c *CardView) appendJSON(dst []byte) []byte {
	dst = strconv.AppendInt(appendKey(dst, '{', "id"), int64(c.ID), 10)
	if c.Name != "" {
		dst = appendJSONString(appendKey(dst, ',', "name"), c.Name)
	}
	if c.Hidden {
		dst = append(appendKey(dst, ',', "hidden"), "true"...)
	}
	dst = appendSeat(appendKey(dst, ',', "owner"), c.Owner)
	if len(c.Status) > 0 {
		dst = appendStrings(appendKey(dst, ',', "status"), c.Status)
	}
	if len(c.Stats) > 0 {
		dst = appendStats(appendKey(dst, ',', "stats"), c.Stats)
	}
	if len(c.Counters) > 0 {
		dst = appendStats(appendKey(dst, ',', "counters"), c.Counters)
	}
	if len(c.Keywords) > 0 {
		dst = appendStrings(appendKey(dst, ',', "keywords"), c.Keywords)
	}
	if len(c.Attached) > 0 {
		dst = appendCards(appendKey(dst, ',', "attached"), c.Attached)
	}
	if c.Note != "" {
		dst = appendJSONString(appendKey(dst, ',', "note"), c.Note)
	}
	return append(dst, '}')
}

// appendZones, appendCards, appendStats and appendStrings write a list,
// or null for a nil one, as encoding/json does.
func appendZones(dst []byte, zs []Zone) []byte { return appendList(dst, zs, (*Zone).appendJSON) }

func appendCards(dst []byte, cs []CardView) []byte {
	return appendList(dst, cs, (*CardView).appendJSON)
}

// appendList writes each element of a list with write, or null for nil.
func appendList[T any](dst []byte, list []T, write func(*T, []byte) []byte) []byte {
	if list == nil {
		return append(dst, "null"...)
	}
	for i := range list {
		dst = write(&list[i], append(dst, listSep(i)))
	}
	return closeList(dst, len(list))
}

func appendStats(dst []byte, ss []Stat) []byte {
	if ss == nil {
		return append(dst, "null"...)
	}
	for i, s := range ss {
		dst = appendJSONString(appendKey(append(dst, listSep(i)), '{', "name"), s.Name)
		dst = append(strconv.AppendInt(appendKey(dst, ',', "value"), int64(s.Value), 10), '}')
	}
	return closeList(dst, len(ss))
}

func appendStrings(dst []byte, ss []string) []byte {
	if ss == nil {
		return append(dst, "null"...)
	}
	for i, s := range ss {
		dst = appendJSONString(append(dst, listSep(i)), s)
	}
	return closeList(dst, len(ss))
}

// listSep is what comes before element i of a list: [ or a comma.
func listSep(i int) byte {
	if i == 0 {
		return '['
	}
	return ','
}

// closeList ends a list of n elements, opening it first if it is empty.
func closeList(dst []byte, n int) []byte {
	if n == 0 {
		dst = append(dst, '[')
	}
	return append(dst, ']')
}

// appendKey appends sep (an object's { or a comma) and "key":.
func appendKey(dst []byte, sep byte, key string) []byte {
	return append(append(append(append(dst, sep, '"'), key...), '"'), ':')
}

// AppendSeatJSON appends a seat as encoding/json encodes it (its
// MarshalText, quoted).
func AppendSeatJSON(dst []byte, s Seat) []byte { return appendSeat(dst, s) }

// AppendJSONString appends s quoted as encoding/json does (see
// appendJSONString).
func AppendJSONString(dst []byte, s string) []byte { return appendJSONString(dst, s) }

func appendSeat(dst []byte, s Seat) []byte {
	if s >= 0 && s < 9 {
		return append(dst, '"', 'p', byte('1'+s), '"')
	}
	return appendJSONString(dst, s.String())
}

// jsonSafe marks the ASCII bytes a JSON string holds as they are: one
// look-up per byte of a view's names and texts instead of six
// comparisons.
var jsonSafe = func() (safe [utf8.RuneSelf]bool) {
	for c := byte(0x20); c < utf8.RuneSelf; c++ {
		safe[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return safe
}()

// appendJSONString appends s quoted as encoding/json does, HTML
// escaping included: <, > and & as \u003c..., control characters, the
// line and paragraph separators U+2028 and U+2029, and invalid UTF-8 as
// \ufffd.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(append(dst, s[start:i]...), `\ufffd`...)
		} else if r == '\u2028' || r == '\u2029' {
			dst = append(append(dst, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
		} else {
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(append(dst, s[start:]...), '"')
}
