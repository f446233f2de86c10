# The one filter of pip's and uv's output (`sed -f scripts/pip_noise.sed`; the Makefile's
# PIP_NOISE, scripts/install.sh, lock.sh and check_wheel.sh): it drops this machine's notes
# about missing local mirror folders (its pip.conf's find-links), and nothing else.
/^WARNING: Location 'file:/d
