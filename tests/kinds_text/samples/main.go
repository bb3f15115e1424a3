package main

import (
	"fmt"
	"net/http"
	"os"
)

type Server struct {
	addr string
}

func (s *Server) Start() error {
	return http.ListenAndServe(s.addr, nil)
}

func main() {
	s := &Server{addr: ":" + os.Getenv("PORT")}
	if err := s.Start(); err != nil {
		fmt.Println(err)
	}
}
