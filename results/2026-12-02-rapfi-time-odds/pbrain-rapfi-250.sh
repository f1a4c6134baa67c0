#!/bin/bash
# Rapfi classical with the turn time it is sent cut to 250 ms (measuring only: time odds).
cd /tmp/tools/opponents
sed -u -e 's/^INFO timeout_turn [0-9]*/INFO timeout_turn 250/' | exec /tmp/tools/opponents/pbrain-rapfi "$@"
