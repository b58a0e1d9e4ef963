package server

import (
	"encoding/json"
	"unicode/utf8"
)

// decodeClientMsg reads a client's message into m as json.Unmarshal
// does. Every action a client sends comes through here, so the message
// browsers and bots send (a compact object of plain strings and a
// version) is read directly, without reflection; any other spelling
// (spaces, escapes, other members, null) goes to json.Unmarshal, which
// decides as ever. TestClientMsgDecodesAsEncodingJSON compares the two.
func decodeClientMsg(data []byte, m *ClientMsg) error {
	if decodePlainClientMsg(data, m) {
		return nil
	}
	// A message of its own for json.Unmarshal, which keeps m (and the
	// message of every direct read) off the heap.
	var slow ClientMsg
	err := json.Unmarshal(data, &slow)
	*m = slow
	return err
}

// decodePlainClientMsg reads data if it is a compact object whose
// members are among ClientMsg's, spelt exactly, with strings free of
// escapes and control characters and a version of digits alone; it
// reports false, m then partly set, for anything else.
func decodePlainClientMsg(data []byte, m *ClientMsg) bool {
	if len(data) < 2 || data[0] != '{' {
		return false
	}
	i := 1
	if data[i] == '}' {
		return i+1 == len(data)
	}
	for {
		key, next, ok := plainString(data, i)
		if !ok || next >= len(data) || data[next] != ':' {
			return false
		}
		if i, ok = m.plainMember(key, data, next+1); !ok || i >= len(data) {
			return false
		}
		switch data[i] {
		case ',':
			i++
		case '}':
			return i+1 == len(data)
		default:
			return false
		}
	}
}

// plainMember reads the value at data[i] of the member key and returns
// the index after it.
func (m *ClientMsg) plainMember(key []byte, data []byte, i int) (int, bool) {
	if string(key) == "version" {
		n, end := 0, i
		for end < len(data) && data[end] >= '0' && data[end] <= '9' && end-i < 9 {
			n = n*10 + int(data[end]-'0')
			end++
		}
		// A leading zero (07) is not JSON; a longer number may not fit.
		if end == i || (data[i] == '0' && end > i+1) || (end < len(data) && data[end] >= '0' && data[end] <= '9') {
			return i, false
		}
		m.Version = &n
		return end, true
	}
	val, end, ok := plainString(data, i)
	if !ok {
		return i, false
	}
	switch string(key) {
	case "type":
		m.Type = messageType(val)
	case "token":
		m.Token = string(val)
	case "action":
		m.Action = string(val)
	default:
		return i, false
	}
	return end, true
}

// plainString reads the string at data[i], which must have no escape,
// control character or invalid UTF-8 (json.Unmarshal would change or
// refuse them), and returns its contents and the index after it.
func plainString(data []byte, i int) (s []byte, end int, ok bool) {
	if i >= len(data) || data[i] != '"' {
		return nil, i, false
	}
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			s = data[i+1 : j]
			return s, j + 1, utf8.Valid(s)
		case c == '\\' || c < 0x20:
			return nil, i, false
		}
	}
	return nil, i, false
}

// messageType is a message's type, the common ones without a copy.
func messageType(val []byte) string {
	switch string(val) {
	case "act":
		return "act"
	case "sync":
		return "sync"
	}
	return string(val)
}
