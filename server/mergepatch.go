package server

import (
	"bytes"
	"encoding/binary"
	"iter"
	"math/bits"
	"strconv"
)

// A state message after the first carries the view as a JSON merge patch
// (RFC 7386) against the view the client was sent last: objects are
// diffed member by member, comparing the encoded bytes of each value;
// scalars are replaced whole; a member gone from the new view is set to
// null. Arrays, which RFC 7386 replaces whole, are patched element by
// element (arrayLenKey), as a view's players, zones and cards are arrays
// and replacing them would resend most of the view on every move. The
// patch is computed on the encoded JSON, as the server encodes each view
// once anyway: one pass over the two byte strings, in step, and no
// decoding.
//
// A merge patch cannot set a member to null (null deletes it), so a view
// that holds a null member where the old one did not has no patch: such
// a message carries the whole view instead (mergePatch reports false).

// arrayLenKey marks the patch of an array (this format's one extension
// to RFC 7386): {"1":{...},"@n":3} applied to an array keeps its first 3
// elements (those it lacks come from the patch) and merges the patch of
// element 1 into it. Used only where it is shorter than the array.
const arrayLenKey = `"@n"`

// mergePatch appends to dst the merge patch that turns the JSON object
// old into the JSON object new, both compact as encoding/json writes
// them, objects' members in one order. It reports false, with dst
// unchanged, when no merge patch can express the change.
func mergePatch(dst, old, new []byte) ([]byte, bool) {
	patch, _, ok := diffDocs(differ{old: old, new: new, dst: dst})
	return patch, ok
}

// mergePatchSpans is mergePatch given the spans of old's objects and
// arrays (indexJSON), with which it passes over an unchanged one without
// scanning it; it also returns new's spans, appended to ns, for the next
// patch against new. They are nil when new is not compact JSON.
func mergePatchSpans(dst, old, new []byte, os, ns []span) ([]byte, []span, bool) {
	return diffDocs(differ{old: old, new: new, dst: dst, spanning: spanning{os: os, ns: ns, record: true}})
}

// diffDocs runs d over its two documents.
func diffDocs(d differ) ([]byte, []span, bool) {
	dst := d.dst
	if len(d.old) == 0 || len(d.new) == 0 || d.old[0] != '{' || d.new[0] != '{' {
		return dst, nil, false
	}
	d.ok, d.runTo = true, -1
	_, _, changed := d.object(0, 0)
	if d.broken() || d.lost {
		d.ns = nil
	}
	if !d.ok || d.broken() {
		return dst, d.ns, false
	}
	if !changed {
		d.dst = append(d.dst[:len(dst)], "{}"...)
	}
	return d.dst, d.ns, true
}

// differ walks two encoded JSON documents in step, writing the patch.
type differ struct {
	old, new, dst []byte
	// ok turns false when no merge patch can express the change.
	ok bool
	// oe and ne are the ends reached in old and new, for broken.
	oe, ne int
	// old[runFrom+runShift:runTo+runShift] equals new[runFrom:runTo],
	// and differs or ends right after (sameRun).
	runShift, runFrom, runTo int
	spanning
}

// broken reports whether the walk did not end where the documents do
// (input not compact JSON).
func (d *differ) broken() bool { return d.oe != len(d.old) || d.ne != len(d.new) }

// value diffs the values at oi in old and ni in new, appending the patch
// value when they differ; it returns their ends and whether they differ.
func (d *differ) value(oi, ni int) (oe, ne int, changed bool) {
	// Most values are unchanged: when new's ends within the bytes the two
	// documents share from here, so does old's, the same. Where old's
	// spans tell where its object or array ends, that is known without a
	// scan. A container that runs past the shared bytes has changed and
	// is walked at once, not scanned to its end first: each level of a
	// changed path would scan it again.
	run, c := ni+d.sameRun(oi, ni), d.new[ni]
	if c == '{' || c == '[' {
		if end, ok := d.oldEnd(oi); ok {
			if n := end - oi; ni+n <= run {
				d.copySpans(oi, end, ni-oi)
				return end, ni + n, false
			}
		} else if end, ok := d.scanNew(ni, run); ok {
			return oi + end - ni, end, false
		}
	} else if run > ni {
		if end := skipValue(d.new[:run], ni); end < run {
			return oi + end - ni, end, false
		}
	}
	switch {
	case d.old[oi] == '{' && c == '{':
		return d.object(oi, ni)
	case d.old[oi] == '[' && c == '[':
		return d.array(oi, ni)
	}
	ne, _ = d.scanNew(ni, len(d.new))
	oe = skipValue(d.old, oi)
	if bytes.Equal(d.old[oi:oe], d.new[ni:ne]) {
		return oe, ne, false
	}
	d.whole(d.new[ni:ne], d.old[oi] == '[')
	return oe, ne, true
}

// sameRun returns how many bytes old and new share from oi and ni on.
// It remembers the last run it measured, from its start to the first
// difference, so that the members inside a run cost no new comparison:
// a run holds for every position within it at the same offset.
func (d *differ) sameRun(oi, ni int) int {
	if oi-ni != d.runShift || ni < d.runFrom || ni > d.runTo {
		d.runShift, d.runFrom = oi-ni, ni
		d.runTo = ni + commonPrefix(d.old[oi:], d.new[ni:])
	}
	return d.runTo - ni
}

// commonPrefix returns the length of the longest common prefix of a and
// b, comparing eight bytes at a time.
func commonPrefix(a, b []byte) int {
	n, i := min(len(a), len(b)), 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// whole appends val as a member's new value, unless a merge patch
// would read it otherwise: null deletes; an object's null members would
// vanish; an object marked as an array's patch would patch the array
// that was there (wasArray).
func (d *differ) whole(val []byte, wasArray bool) {
	switch {
	case isNull(val), isObject(val) && hasNullMember(val), wasArray && isObject(val) && hasMember(val, arrayLenKey):
		d.ok = false
	}
	d.dst = append(d.dst, val...)
}

// object diffs the objects at oi and ni member by member, in step: their
// members come in one order, so a key of new not next in old was added
// if old lacks it further on, and the old members before it were removed.
func (d *differ) object(oi, ni int) (oe, ne int, changed bool) {
	old, new := d.old, d.new
	mark, own := len(d.dst), d.open(ni)
	d.dst = append(d.dst, '{')
	i, j := ni+1, oi+1
	for i < len(new) && new[i] != '}' {
		keyEnd := skipString(new, i)
		key := new[i : keyEnd+1] // with the colon
		if j < len(old) && old[j] != '}' && !bytes.HasPrefix(old[j:], key) {
			if at := findKey(old, j, key); at >= 0 {
				changed = d.removed(j, at, changed)
				j = at
			}
		}
		entry := len(d.dst)
		if changed {
			d.dst = append(d.dst, ',')
		}
		d.dst = append(d.dst, key...)
		var moved bool
		if j < len(old) && old[j] != '}' && bytes.HasPrefix(old[j:], key) {
			j, i, moved = d.value(j+len(key), keyEnd+1)
			j = skipComma(old, j)
		} else { // added
			i, _ = d.scanNew(keyEnd+1, len(new))
			d.whole(new[keyEnd+1:i], false)
			moved = true
		}
		i = skipComma(new, i)
		if !moved {
			d.dst = d.dst[:entry]
		}
		changed = changed || moved
	}
	end := j
	for end < len(old) && old[end] != '}' {
		end = skipComma(old, skipValue(old, skipString(old, end)+1))
	}
	changed = d.removed(j, end, changed)
	d.oe, d.ne = min(end+1, len(old)), min(i+1, len(new))
	d.close(own, d.ne)
	if !changed {
		d.dst = d.dst[:mark]
	} else {
		d.dst = append(d.dst, '}')
	}
	return d.oe, d.ne, changed
}

// removed appends key:null for the members of old from j to end.
func (d *differ) removed(j, end int, changed bool) bool {
	for j < end {
		keyEnd := skipString(d.old, j)
		if changed {
			d.dst = append(d.dst, ',')
		}
		d.dst = append(append(d.dst, d.old[j:keyEnd+1]...), "null"...)
		changed = true
		j = skipComma(d.old, skipValue(d.old, keyEnd+1))
	}
	return changed
}

// findKey returns where the member with key (colon included) starts in
// the object of old whose members go on from j, or -1.
func findKey(old []byte, j int, key []byte) int {
	for j < len(old) && old[j] != '}' {
		if bytes.HasPrefix(old[j:], key) {
			return j
		}
		j = skipComma(old, skipValue(old, skipString(old, j)+1))
	}
	return -1
}

// array diffs the arrays at oi and ni element by element, or replaces
// the array whole where that is shorter or an element has no patch.
func (d *differ) array(oi, ni int) (oe, ne int, changed bool) {
	old, new := d.old, d.new
	mark, okBefore, own := len(d.dst), d.ok, d.open(ni)
	d.ok = true
	d.dst = append(d.dst, '{')
	i, j, n := ni+1, oi+1, 0
	for ; i < len(new) && new[i] != ']'; n++ {
		entry := len(d.dst)
		d.dst = append(strconv.AppendInt(append(d.dst, '"'), int64(n), 10), '"', ':')
		moved := true
		hasOld := j < len(old) && old[j] != ']'
		switch {
		case new[i] == 'n': // null sets an element, as any scalar
			end := skipValue(new, i)
			if hasOld {
				oldEnd := skipValue(old, j)
				moved = !bytes.Equal(old[j:oldEnd], new[i:end])
				j = skipComma(old, oldEnd)
			}
			d.dst, i = append(d.dst, new[i:end]...), end
		case hasOld:
			j, i, moved = d.value(j, i)
			j = skipComma(old, j)
		default:
			end, _ := d.scanNew(i, len(new))
			d.whole(new[i:end], false)
			i = end
		}
		i = skipComma(new, i)
		if moved {
			d.dst = append(d.dst, ',')
		} else {
			d.dst = d.dst[:entry]
		}
		changed = changed || moved
	}
	for j < len(old) && old[j] != ']' {
		j = skipComma(old, skipValue(old, j))
		changed = true
	}
	oe, ne = min(j+1, len(old)), min(i+1, len(new))
	d.close(own, ne)
	whole := d.new[ni:ne]
	d.dst = strconv.AppendInt(append(d.dst, arrayLenKey+":"...), int64(n), 10)
	d.dst = append(d.dst, '}')
	switch {
	case !changed:
		d.dst = d.dst[:mark]
	case !d.ok || len(d.dst)-mark >= len(whole):
		d.dst = append(d.dst[:mark], whole...) // nulls and all
	}
	d.ok, d.oe, d.ne = okBefore, oe, ne
	return oe, ne, changed
}

// skipComma steps over the comma after a member or element, if any.
func skipComma(b []byte, i int) int {
	if i < len(b) && b[i] == ',' {
		return i + 1
	}
	return i
}

func isObject(v []byte) bool { return len(v) > 0 && v[0] == '{' }

func isNull(v []byte) bool { return string(v) == "null" }

// hasNullMember reports whether an object has a null member at any depth
// of objects (arrays are replaced whole, so nulls in them are kept).
func hasNullMember(obj []byte) bool {
	for j := 1; j < len(obj) && obj[j] != '}'; {
		keyEnd := skipString(obj, j)
		end := skipValue(obj, keyEnd+1)
		if val := obj[keyEnd+1 : end]; isNull(val) || isObject(val) && hasNullMember(val) {
			return true
		}
		j = skipComma(obj, end)
	}
	return false
}

// members yields the name (unquoted) and encoded value of each member of
// the compact JSON object obj, in order, for readers off the hot path
// (the diff itself walks objects in step, allocating nothing). At a member with no name it
// yields a nil name and stops: obj is not compact JSON.
func members(obj []byte) iter.Seq2[[]byte, []byte] {
	return func(yield func(key, val []byte) bool) {
		for j := 1; j < len(obj) && obj[j] != '}'; {
			keyEnd := skipString(obj, j)
			if obj[j] != '"' || keyEnd >= len(obj) || obj[keyEnd] != ':' {
				yield(nil, nil)
				return
			}
			end := skipValue(obj, keyEnd+1)
			if !yield(obj[j+1:keyEnd-1], obj[keyEnd+1:end]) {
				return
			}
			j = skipComma(obj, end)
		}
	}
}

// hasMember reports whether an object has a member with this encoded key.
func hasMember(obj []byte, key string) bool {
	return findKey(obj, 1, []byte(key+":")) >= 0
}

// skipValue returns the index just after the compact JSON value that
// starts at i: a string, an object or array (strings inside skipped,
// so their brackets do not count), or a number or literal.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return len(b)
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = skipString(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return len(b)
	}
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' {
		i++
	}
	return i
}

// skipString returns the index just after the string that starts at i.
// (A loop: a view's strings are too short for bytes.IndexByte to pay.)
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}
