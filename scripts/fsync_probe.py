"""How long fdatasync takes on this disk: 8 KiB writes, each synced, for N seconds.

    python3 scripts/fsync_probe.py [seconds] [directory]

Prints the median, p99, p99.9 and worst sync time. Run it next to a load test to see
whether commit stalls come from the disk (docs/performance.md).
"""
import os, time, sys
dur=float(sys.argv[1]) if len(sys.argv)>1 else 10
path=os.path.join(sys.argv[2] if len(sys.argv)>2 else '.', 'fsync_probe.tmp')
fd=os.open(path, os.O_WRONLY|os.O_CREAT, 0o600)
lat=[]; buf=b'x'*8192; t_end=time.time()+dur; i=0
while time.time()<t_end:
    os.pwrite(fd, buf, (i%1024)*8192); t=time.perf_counter(); os.fdatasync(fd); lat.append((time.perf_counter()-t)*1000); i+=1
os.close(fd); os.unlink(path)
lat.sort(); n=len(lat)
print(f"fdatasync x{n}: p50 {lat[n//2]:.2f} ms p99 {lat[int(n*.99)]:.2f} ms p99.9 {lat[int(n*.999)]:.2f} ms max {lat[-1]:.2f} ms; over 50 ms: {sum(1 for x in lat if x>50)}")
