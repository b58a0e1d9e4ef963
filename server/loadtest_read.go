package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"kartenwerk/engine"
)

// decodeBotMsg reads into m the members of a server message that a bot
// needs (type, error, version, finished, legal), walking the encoded JSON
// without reflection and stopping at the view (or its patch), which the
// server writes last (encodeStateLocked): the bots share the machine
// with the server they measure, so they read as little as they can.
func decodeBotMsg(msg []byte, m *botMsg) error {
	if len(msg) < 2 || msg[0] != '{' || msg[len(msg)-1] != '}' {
		return errors.New("not a JSON object")
	}
	for key, val := range members(msg) {
		switch {
		case key == nil:
			return fmt.Errorf("no member name in %.40s", msg)
		case string(key) == "view" || string(key) == "view_patch":
			return nil
		}
		if err := m.member(key, val); err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
	}
	return nil
}

// member reads one top-level member, if a bot needs it.
func (m *botMsg) member(key, val []byte) (err error) {
	switch string(key) {
	case "type":
		m.Type, err = jsonString(val)
	case "error":
		m.Error, err = jsonString(val)
	case "version":
		m.Version, err = jsonInt(val)
	case "finished":
		m.Finished = string(val) == "true"
	case "legal":
		m.Legal, err = decodeLegal(val)
	}
	return err
}

// decodeLegal reads the actions and concession marks of a legal list.
func decodeLegal(arr []byte) ([]botAction, error) {
	if len(arr) < 2 || arr[0] != '[' {
		return nil, errors.New("not a list")
	}
	out := []botAction{}
	for i := 1; i < len(arr)-1; {
		end := skipValue(arr, i)
		var a botAction
		obj := arr[i:end]
		for key, val := range members(obj) {
			if key == nil {
				return nil, fmt.Errorf("no member name in %s", obj)
			}
			switch string(key) {
			case "action":
				var err error
				if a.Action, err = jsonString(val); err != nil {
					return nil, err
				}
			case "concedes":
				a.Concedes = string(val) == "true"
			}
		}
		out = append(out, a)
		i = skipComma(arr, end)
	}
	return out, nil
}

// jsonString reads an encoded string, decoding its escapes only if it
// has any.
func jsonString(val []byte) (string, error) {
	if len(val) < 2 || val[0] != '"' || val[len(val)-1] != '"' {
		return "", fmt.Errorf("%.40s is not a string", val)
	}
	if bytes.IndexByte(val, '\\') < 0 {
		return string(val[1 : len(val)-1]), nil
	}
	var s string
	err := json.Unmarshal(val, &s)
	return s, err
}

// jsonInt reads an encoded non-negative integer.
func jsonInt(val []byte) (int, error) {
	n := 0
	for _, c := range val {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("%.40s is not a version number", val)
		}
		n = n*10 + int(c-'0')
	}
	if len(val) == 0 {
		return 0, errors.New("an empty number")
	}
	return n, nil
}

// appendActMsg appends the message that plays action at version for the
// seat of token, as the server reads it (decodeClientMsg): encoded
// without reflection, for the same reason the bots read as they do.
func appendActMsg(dst []byte, token, action string, version int) []byte {
	dst = engine.AppendJSONString(append(dst, `{"type":"act","token":`...), token)
	dst = engine.AppendJSONString(append(dst, `,"action":`...), action)
	dst = strconv.AppendInt(append(dst, `,"version":`...), int64(version), 10)
	return append(dst, '}')
}
