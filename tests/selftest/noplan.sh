#!/bin/sh
# Passing results but no plan.
echo 'ok 1 - a'
