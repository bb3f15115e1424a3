package session

import "testing"

func TestRefresh(t *testing.T) {
	s := New()
	if err := s.Refresh("missing"); err != ErrNotFound {
		t.Fatalf("expected ErrNotFound, got %v", err)
	}
}
