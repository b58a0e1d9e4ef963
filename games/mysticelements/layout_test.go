package mysticelements

import (
	"reflect"
	"testing"
)

// TestStateKeepsItsPointersFirst: the collector scans an object up to
// its last pointer, and a server holds a state for every game; a field
// with pointers added at the end would have it scan all 4 KB of each.
func TestStateKeepsItsPointersFirst(t *testing.T) {
	typ := reflect.TypeFor[state]()
	var end uintptr
	for i := range typ.NumField() {
		if f := typ.Field(i); hasPointers(f.Type) {
			end = max(end, f.Offset+f.Type.Size())
		}
	}
	if end > 64 {
		t.Errorf("the state's pointers reach byte %d of %d: move the fields with pointers to its top", end, typ.Size())
	}
}

// hasPointers reports whether a value of type t holds a pointer.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.String, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}
