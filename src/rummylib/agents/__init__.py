"""Agents: bots that play every game, and an arena that measures them against each other."""
