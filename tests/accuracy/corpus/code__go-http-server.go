package main

import (
	"encoding/json"
	"log"
	"net/http"
	"sync"
)

type Store struct {
	mu    sync.Mutex
	items map[string]string
}

func (s *Store) handleGet(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := r.URL.Query().Get("id")
	v, ok := s.items[id]
	if !ok {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	json.NewEncoder(w).Encode(map[string]string{"id": id, "value": v})
}

func main() {
	s := &Store{items: map[string]string{}}
	http.HandleFunc("/get", s.handleGet)
	log.Fatal(http.ListenAndServe(":8080", nil))
}
