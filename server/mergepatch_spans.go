package server

// A diff of two encoded views scans the new one to find where each value
// ends, even where nothing changed. Spans spare that scan: recorded for
// each view as it is diffed, they tell the next diff, against that view,
// where each of its objects and arrays ends, so one that lies within the
// bytes both views share is passed over at once.

// span is where an object or array of an encoded document starts and
// ends (just after its closing bracket).
type span struct{ start, end int32 }

// maxSpanDepth is how deeply objects and arrays may nest for their spans
// to be recorded; a deeper document gets none, and is diffed by scanning.
const maxSpanDepth = 64

// spanning is the differ's record of spans: those of old (os, read in
// order from oc on) and those of new found so far (ns, when record).
type spanning struct {
	os     []span
	oc     int
	ns     []span
	record bool
	// opened are the indexes in ns of the containers open around the scan,
	// depth of them; lost is set when one nested too deep to record.
	opened [maxSpanDepth]int32
	depth  int
	lost   bool
}

// indexJSON appends to dst the spans of the objects and arrays of the
// compact JSON document doc, in the order they start, or returns nil if
// doc is not one.
func indexJSON(dst []span, doc []byte) []span {
	d := differ{new: doc, spanning: spanning{ns: dst, record: true}}
	if end, ok := d.scanNew(0, len(doc)); !ok || end != len(doc) || d.lost {
		return nil
	}
	return d.ns
}

// oldEnd returns where the object or array of old that starts at oi
// ends, if old's spans say. The diff asks in order of oi.
func (d *differ) oldEnd(oi int) (int, bool) {
	for d.oc < len(d.os) && int(d.os[d.oc].start) < oi {
		d.oc++
	}
	if d.oc < len(d.os) && int(d.os[d.oc].start) == oi {
		return int(d.os[d.oc].end), true
	}
	return 0, false
}

// copySpans records for new the spans of old's unchanged value from oi
// to oe, moved by shift; oldEnd has just found its first.
func (d *differ) copySpans(oi, oe, shift int) {
	if !d.record {
		return
	}
	k := d.oc
	for ; k < len(d.os) && int(d.os[k].start) < oe; k++ {
		d.ns = append(d.ns, span{d.os[k].start + int32(shift), d.os[k].end + int32(shift)})
	}
	d.oc = k
}

// open records the start of new's object or array at ni, and returns
// what close needs to record its end.
func (d *differ) open(ni int) int {
	if !d.record {
		return -1
	}
	if d.depth == maxSpanDepth {
		d.lost = true
		return -1
	}
	d.ns = append(d.ns, span{int32(ni), -1})
	d.opened[d.depth] = int32(len(d.ns) - 1)
	d.depth++
	return len(d.ns) - 1
}

// close records the end of the object or array open returned k for.
func (d *differ) close(k, end int) {
	if k < 0 {
		return
	}
	d.depth--
	d.ns[k].end = int32(end)
}

// scanNew returns where the value at i in new ends, recording the spans
// of the objects and arrays in it, and whether it ends before limit (an
// object or array: at limit at the latest). Past limit it records none.
// It is skipValue's walk with the recording added, kept apart from it as
// the diff runs skipValue over old too, where nothing is recorded.
func (d *differ) scanNew(i, limit int) (int, bool) {
	b := d.new[:limit]
	if i >= len(b) {
		return len(b), false
	}
	if c := b[i]; c != '{' && c != '[' {
		end := skipValue(b, i)
		return end, end < limit
	}
	mark, base, depth := len(d.ns), d.depth, 0
	for i < len(b) {
		switch b[i] {
		case '"':
			i = skipString(b, i)
			continue
		case '{', '[':
			d.open(i)
			depth++
		case '}', ']':
			if d.record && d.depth > base {
				d.close(int(d.opened[d.depth-1]), i+1)
			}
			if depth--; depth == 0 {
				return i + 1, true
			}
		}
		i++
	}
	d.ns, d.depth = d.ns[:min(mark, len(d.ns))], base
	return len(b), false
}
