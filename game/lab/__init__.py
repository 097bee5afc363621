"""The algorithm lab, pure: a maze generated then solved one event at a time, both ways."""
