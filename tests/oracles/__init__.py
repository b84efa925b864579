"""Slow, obviously-correct oracles the tests and benchmarks compare the library's searches with."""
