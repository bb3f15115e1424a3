package config

type Config struct {
	Addr    string `yaml:"addr"`
	Debug   bool   `yaml:"debug"`
	Workers int    `yaml:"workers"`
}
