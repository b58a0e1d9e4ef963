package mysticelements

import (
	"sync/atomic"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// seatTitles remembers each seat's title by language and deck colours:
// every view a server sends names both seats, and putting a title into
// words renders several messages, while a game has only a few titles.
// Titles with a display name keep only their list of colours here, so
// the memory stays bounded whatever names people choose.
type seatTitles struct {
	// lists[l][mask] is the colours of mask in language l: "Rot, Blau und Grün".
	lists [][1 << nColours]atomic.Pointer[string]
	// plain[l][seat][mask] is the title of a seat with no display name.
	plain [][2][1 << nColours]atomic.Pointer[string]
}

var titles = seatTitles{
	lists: make([][1 << nColours]atomic.Pointer[string], len(i18n.Langs)),
	plain: make([][2][1 << nColours]atomic.Pointer[string], len(i18n.Langs)),
}

// colourMask has bit c set for each colour c of the seat's deck.
func (p *player) colourMask() uint8 {
	var mask uint8
	for i := int8(0); i < p.ncol; i++ {
		if c := p.colours[i]; c >= 0 && c < nColours {
			mask |= 1 << uint(c)
		}
	}
	return mask
}

// title is seat's title in w's words for a deck of the colours in mask.
func (t *seatTitles) title(w engine.Words, seat int8, mask uint8) string {
	l := int(w.Lang)
	named := int(seat) < len(w.Names) && w.Names[seat] != ""
	if l >= len(t.plain) || seat < 0 || seat > 1 {
		return buildTitle(w, seat, colourList(w.Lang, mask))
	}
	if named {
		return buildTitle(w, seat, t.list(w.Lang, mask))
	}
	slot := &t.plain[l][seat][mask]
	if p := slot.Load(); p != nil {
		return *p
	}
	title := buildTitle(w, seat, t.list(w.Lang, mask))
	slot.Store(&title)
	return title
}

// list is the colours of mask in language l, remembered.
func (t *seatTitles) list(l i18n.Lang, mask uint8) string {
	slot := &t.lists[l][mask]
	if p := slot.Load(); p != nil {
		return *p
	}
	list := colourList(l, mask)
	slot.Store(&list)
	return list
}

// DeckName names seat's deck by its colours, as "Black, White and Purple"
// (engine.DeckNamer): a seat given no deck list chooses its colours as the
// game begins (ME-3.1), and plays every card of them (ME-8.1), whatever
// preset would hold the same.
func (s *state) DeckName(seat engine.Seat) string {
	if seat < 0 || int(seat) >= len(s.p) {
		return ""
	}
	return colourList(i18n.EN, s.p[seat].colourMask())
}

// colourList names the colours of mask in language l, in colour order.
func colourList(l i18n.Lang, mask uint8) string {
	var cols []string
	for c := int8(0); c < nColours; c++ {
		if mask&(1<<uint(c)) != 0 {
			cols = append(cols, colourWord(l, c))
		}
	}
	return join(l, "list.series", cols)
}

// buildTitle is the seat's name followed by its colours, if it has any.
func buildTitle(w engine.Words, seat int8, colours string) string {
	name := seatName(w, engine.Seat(seat))
	if colours == "" {
		return name
	}
	return words.T(w.Lang, "note.colours", "player", name, "colours", colours)
}
