(module
 (type $0 (func (result i32)))
 (type $1 (func))
 (type $2 (func (param i32) (result i32)))
 (type $3 (func (param i64 i64 i32 i32)))
 (type $4 (func (param i32 i32 i64 i64 i32) (result i32)))
 (type $5 (func (param i32 i32)))
 (type $6 (func (param i32 i32 i32 i32 i32 i32) (result i32)))
 (type $7 (func (param i64) (result i64)))
 (type $8 (func (param i32 i32) (result i32)))
 (type $9 (func (param i64 i64 i32) (result i32)))
 (global $assembly/replay/width (mut i32) (i32.const 0))
 (global $assembly/replay/height (mut i32) (i32.const 0))
 (global $assembly/replay/cells (mut i32) (i32.const 0))
 (global $assembly/replay/people (mut i32) (i32.const 0))
 (global $assembly/replay/ignitionCount (mut i32) (i32.const 0))
 (global $assembly/replay/logLength (mut i32) (i32.const 0))
 (global $assembly/replay/logSteps (mut i32) (i32.const 0))
 (global $assembly/replay/blocked (mut i32) (i32.const 0))
 (global $assembly/replay/always (mut i32) (i32.const 0))
 (global $assembly/replay/threshold (mut i64) (i64.const 0))
 (global $assembly/replay/fireState (mut i64) (i64.const 0))
 (global $assembly/replay/movementState (mut i64) (i64.const 0))
 (global $assembly/replay/steps (mut i32) (i32.const 0))
 (global $assembly/replay/termination (mut i32) (i32.const 0))
 (global $assembly/replay/consumed (mut i32) (i32.const 0))
 (global $assembly/replay/burningCount (mut i32) (i32.const 0))
 (global $assembly/replay/ignitedTotal (mut i32) (i32.const 0))
 (global $assembly/replay/trappedTotal (mut i32) (i32.const 0))
 (global $assembly/replay/exitCount (mut i32) (i32.const 0))
 (global $assembly/replay/activeCount (mut i32) (i32.const 0))
 (global $assembly/replay/contestedCount (mut i32) (i32.const 0))
 (global $assembly/replay/startsOnExit (mut i32) (i32.const 0))
 (global $assembly/replay/search (mut i32) (i32.const 0))
 (global $assembly/replay/searchHead (mut i32) (i32.const 0))
 (global $assembly/replay/searchTail (mut i32) (i32.const 0))
 (global $assembly/replay/frontier (mut i32) (i32.const 0))
 (global $assembly/replay/horizon (mut i32) (i32.const 0))
 (memory $0 1)
 (export "heapBase" (func $assembly/replay/heapBase))
 (export "region" (func $assembly/replay/region))
 (export "prepare" (func $assembly/replay/prepare))
 (export "run" (func $assembly/replay/run))
 (export "begin" (func $assembly/replay/begin))
 (export "stepOnce" (func $assembly/replay/stepOnce))
 (export "regrow" (func $assembly/replay/regrow))
 (export "stepCount" (func $assembly/replay/stepCount))
 (export "terminationCode" (func $assembly/replay/terminationCode))
 (export "entriesConsumed" (func $assembly/replay/entriesConsumed))
 (export "ignitesWord" (func $assembly/replay/ignitesWord))
 (export "streamWords" (func $assembly/replay/streamWords))
 (export "streamUniform" (func $assembly/replay/streamUniform))
 (export "memory" (memory $0))
 (start $~start)
 (func $assembly/replay/step (param $0 i32) (result i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  i32.const 1072
  i32.load
  local.set $3
  global.get $assembly/replay/activeCount
  i32.const 1144
  i32.load
  global.get $assembly/replay/steps
  i32.const 2
  i32.shl
  i32.add
  i32.load
  local.tee $2
  global.get $assembly/replay/consumed
  i32.sub
  i32.ne
  local.get $2
  global.get $assembly/replay/logLength
  i32.gt_s
  i32.or
  if
   i32.const 3
   return
  end
  call $assembly/replay/resolveIntents
  i32.eqz
  if
   i32.const 2
   return
  end
  global.get $assembly/replay/steps
  i32.const 1
  i32.add
  global.set $assembly/replay/steps
  i32.const 1136
  i32.load
  local.set $4
  i32.const 1140
  i32.load
  local.set $5
  i32.const 1100
  i32.load
  local.set $9
  i32.const 1104
  i32.load
  local.set $10
  i32.const 1108
  i32.load
  local.set $2
  i32.const 1112
  i32.load
  local.set $11
  global.get $assembly/replay/contestedCount
  local.tee $12
  i32.const 1
  i32.gt_s
  if
   local.get $12
   i32.const 16
   i32.le_s
   if
    i32.const 1
    local.set $8
    loop $for-loop|0
     local.get $8
     local.get $12
     i32.lt_s
     if
      local.get $11
      local.get $8
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.set $13
      local.get $8
      i32.const 1
      i32.sub
      local.set $7
      loop $while-continue|1
       local.get $7
       i32.const 0
       i32.ge_s
       if (result i32)
        local.get $13
        local.get $11
        local.get $7
        i32.const 2
        i32.shl
        i32.add
        i32.load
        i32.lt_s
       else
        i32.const 0
       end
       if
        local.get $11
        local.get $7
        i32.const 1
        i32.add
        i32.const 2
        i32.shl
        i32.add
        local.get $11
        local.get $7
        i32.const 2
        i32.shl
        i32.add
        i32.load
        i32.store
        local.get $7
        i32.const 1
        i32.sub
        local.set $7
        br $while-continue|1
       end
      end
      local.get $11
      local.get $7
      i32.const 1
      i32.add
      i32.const 2
      i32.shl
      i32.add
      local.get $13
      i32.store
      local.get $8
      i32.const 1
      i32.add
      local.set $8
      br $for-loop|0
     end
    end
   else
    local.get $11
    local.get $12
    call $assembly/replay/sort
   end
  end
  loop $for-loop|00
   local.get $6
   local.get $12
   i32.lt_s
   if
    local.get $9
    local.get $11
    local.get $6
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.const 2
    i32.shl
    local.tee $8
    i32.add
    i64.load32_s
    call $assembly/replay/movementUniform
    i32.wrap_i64
    local.set $13
    i32.const 0
    local.set $7
    local.get $8
    local.get $10
    i32.add
    i32.load
    local.set $8
    loop $for-loop|1
     local.get $8
     i32.const 0
     i32.ge_s
     if
      local.get $7
      local.get $13
      i32.ne
      if
       local.get $4
       local.get $8
       i32.add
       i32.const 6
       i32.store8
      end
      local.get $7
      i32.const 1
      i32.add
      local.set $7
      local.get $2
      local.get $8
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.set $8
      br $for-loop|1
     end
    end
    local.get $6
    i32.const 1
    i32.add
    local.set $6
    br $for-loop|00
   end
  end
  call $assembly/replay/resolveChains
  global.get $assembly/replay/startsOnExit
  if
   i32.const 1032
   i32.load
   local.set $2
   i32.const 1088
   i32.load
   local.set $6
   i32.const 1080
   i32.load
   local.set $7
   i32.const 1072
   i32.load
   local.set $8
   i32.const 1028
   i32.load
   local.set $9
   i32.const 1140
   i32.load
   local.set $10
   loop $for-loop|01
    local.get $1
    global.get $assembly/replay/people
    i32.lt_s
    if
     local.get $1
     local.get $8
     i32.add
     i32.load8_u
     i32.eqz
     if
      local.get $9
      local.get $2
      local.get $1
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.tee $11
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.const 0
      i32.ge_s
      if (result i32)
       local.get $7
       local.get $11
       i32.add
       i32.load8_u
      else
       i32.const 1
      end
      i32.eqz
      if
       local.get $1
       local.get $8
       i32.add
       i32.const 1
       i32.store8
       local.get $6
       local.get $11
       i32.const 2
       i32.shl
       i32.add
       i32.const -1
       i32.store
       local.get $1
       local.get $10
       i32.add
       i32.const 1
       i32.store8
      end
     end
     local.get $1
     i32.const 1
     i32.add
     local.set $1
     br $for-loop|01
    end
   end
  end
  global.get $assembly/replay/ignitedTotal
  local.set $2
  call $assembly/replay/spreadFire
  i32.const 1088
  i32.load
  local.set $6
  i32.const 1060
  i32.load
  local.set $7
  local.get $2
  local.set $1
  loop $for-loop|002
   local.get $1
   global.get $assembly/replay/ignitedTotal
   i32.lt_s
   if
    local.get $6
    local.get $7
    local.get $1
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.const 2
    i32.shl
    i32.add
    local.tee $8
    i32.load
    local.tee $9
    i32.const 0
    i32.ge_s
    if
     local.get $3
     local.get $9
     i32.add
     i32.const 2
     i32.store8
     local.get $8
     i32.const -1
     i32.store
     local.get $5
     local.get $9
     i32.add
     i32.const 3
     i32.store8
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|002
   end
  end
  i32.const 1056
  i32.load
  global.get $assembly/replay/steps
  i32.const 2
  i32.shl
  i32.add
  global.get $assembly/replay/ignitedTotal
  i32.store
  global.get $assembly/replay/ignitedTotal
  local.get $2
  i32.gt_s
  if
   i32.const 0
   local.set $8
   i32.const 0
   local.set $1
   global.get $assembly/replay/search
   i32.const 1
   i32.add
   global.set $assembly/replay/search
   i32.const 1092
   i32.load
   local.set $2
   i32.const 1132
   i32.load
   local.set $3
   i32.const 1148
   i32.load
   local.set $6
   i32.const 1152
   i32.load
   local.set $7
   loop $for-loop|03
    local.get $8
    global.get $assembly/replay/exitCount
    i32.lt_s
    if
     local.get $6
     local.get $7
     local.get $8
     i32.const 2
     i32.shl
     i32.add
     i32.load
     local.tee $9
     i32.add
     i32.load8_u
     i32.eqz
     if
      local.get $2
      local.get $9
      i32.const 2
      i32.shl
      i32.add
      global.get $assembly/replay/search
      i32.store
      local.get $3
      local.get $1
      i32.const 2
      i32.shl
      i32.add
      local.get $9
      i32.store
      local.get $1
      i32.const 1
      i32.add
      local.set $1
     end
     local.get $8
     i32.const 1
     i32.add
     local.set $8
     br $for-loop|03
    end
   end
   i32.const 0
   global.set $assembly/replay/searchHead
   local.get $1
   global.set $assembly/replay/searchTail
  end
  i32.const 1044
  i32.load
  local.set $2
  i32.const 1048
  i32.load
  local.set $3
  i32.const 1076
  i32.load
  local.set $6
  i32.const 1032
  i32.load
  local.set $9
  i32.const 1068
  i32.load
  local.set $10
  i32.const 0
  local.set $8
  global.get $assembly/replay/consumed
  local.set $7
  i32.const 0
  local.set $1
  loop $for-loop|14
   local.get $1
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $1
    local.get $4
    i32.add
    i32.load8_u
    local.tee $11
    i32.const 255
    i32.ne
    if
     local.get $1
     local.get $5
     i32.add
     i32.load8_u
     local.set $12
     local.get $2
     local.get $7
     i32.add
     local.get $11
     i32.store8
     local.get $3
     local.get $7
     i32.add
     local.get $12
     i32.store8
     local.get $7
     i32.const 1
     i32.add
     local.set $7
     local.get $12
     if
      local.get $6
      local.get $1
      i32.const 2
      i32.shl
      i32.add
      global.get $assembly/replay/steps
      i32.store
     else
      local.get $8
      i32.const 1
      i32.add
      local.set $8
      local.get $9
      local.get $1
      i32.const 2
      i32.shl
      i32.add
      i32.load
      call $assembly/replay/reachable
      i32.eqz
      if
       global.get $assembly/replay/trappedTotal
       local.tee $11
       i32.const 1
       i32.add
       global.set $assembly/replay/trappedTotal
       local.get $10
       local.get $11
       i32.const 2
       i32.shl
       i32.add
       local.get $1
       i32.store
      end
     end
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|14
   end
  end
  global.get $assembly/replay/steps
  i32.const 2
  i32.shl
  local.tee $1
  i32.const 1064
  i32.load
  i32.add
  global.get $assembly/replay/trappedTotal
  i32.store
  local.get $7
  global.set $assembly/replay/consumed
  local.get $8
  global.set $assembly/replay/activeCount
  i32.const 1052
  i32.load
  local.get $1
  i32.add
  global.get $assembly/replay/consumed
  i32.store
  local.get $8
  i32.const 0
  i32.gt_s
  if (result i32)
   i32.const 2
   i32.const 0
   global.get $assembly/replay/steps
   local.get $0
   i32.ge_s
   select
  else
   i32.const 1
  end
  global.set $assembly/replay/termination
  i32.const 0
 )
 (func $assembly/replay/sort (param $0 i32) (param $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  local.get $1
  i32.const 1
  i32.shr_s
  i32.const 1
  i32.sub
  local.set $4
  loop $for-loop|0
   local.get $4
   i32.const 0
   i32.ge_s
   if
    local.get $0
    local.get $4
    local.tee $2
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.set $5
    loop $for-loop|00
     block $for-break0
      local.get $2
      i32.const 1
      i32.shl
      i32.const 1
      i32.add
      local.tee $3
      local.get $1
      i32.ge_s
      br_if $for-break0
      local.get $0
      local.get $3
      i32.const 1
      i32.add
      local.tee $6
      local.get $3
      local.get $1
      local.get $6
      i32.gt_s
      if (result i32)
       local.get $0
       local.get $6
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.get $0
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.gt_s
      else
       i32.const 0
      end
      select
      local.tee $3
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.tee $6
      local.get $5
      i32.le_s
      br_if $for-break0
      local.get $0
      local.get $2
      i32.const 2
      i32.shl
      i32.add
      local.get $6
      i32.store
      local.get $3
      local.set $2
      br $for-loop|00
     end
    end
    local.get $0
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    local.get $5
    i32.store
    local.get $4
    i32.const 1
    i32.sub
    local.set $4
    br $for-loop|0
   end
  end
  local.get $1
  i32.const 1
  i32.sub
  local.set $1
  loop $for-loop|1
   local.get $1
   i32.const 0
   i32.gt_s
   if
    local.get $0
    i32.load
    local.set $2
    local.get $0
    local.get $0
    local.get $1
    i32.const 2
    i32.shl
    i32.add
    local.tee $3
    i32.load
    i32.store
    local.get $3
    local.get $2
    i32.store
    i32.const 0
    local.set $2
    local.get $0
    i32.load
    local.set $4
    loop $for-loop|01
     block $for-break02
      local.get $2
      i32.const 1
      i32.shl
      i32.const 1
      i32.add
      local.tee $3
      local.get $1
      i32.ge_s
      br_if $for-break02
      local.get $0
      local.get $3
      i32.const 1
      i32.add
      local.tee $5
      local.get $3
      local.get $1
      local.get $5
      i32.gt_s
      if (result i32)
       local.get $0
       local.get $5
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.get $0
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.gt_s
      else
       i32.const 0
      end
      select
      local.tee $3
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.tee $5
      local.get $4
      i32.le_s
      br_if $for-break02
      local.get $0
      local.get $2
      i32.const 2
      i32.shl
      i32.add
      local.get $5
      i32.store
      local.get $3
      local.set $2
      br $for-loop|01
     end
    end
    local.get $0
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    local.get $4
    i32.store
    local.get $1
    i32.const 1
    i32.sub
    local.set $1
    br $for-loop|1
   end
  end
 )
 (func $assembly/replay/reachable (param $0 i32) (result i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  global.get $assembly/replay/search
  i32.const 1092
  i32.load
  local.tee $4
  local.get $0
  i32.const 2
  i32.shl
  i32.add
  i32.load
  i32.eq
  if
   i32.const 1
   return
  end
  i32.const 1132
  i32.load
  local.set $5
  i32.const 1148
  i32.load
  local.set $6
  i32.const 1156
  i32.load
  local.set $7
  global.get $assembly/replay/searchHead
  local.set $2
  global.get $assembly/replay/searchTail
  local.set $1
  loop $while-continue|0
   local.get $1
   local.get $2
   i32.gt_s
   if
    block $while-break|0
     local.get $2
     local.tee $3
     i32.const 1
     i32.add
     local.set $2
     local.get $7
     local.get $5
     local.get $3
     i32.const 2
     i32.shl
     i32.add
     i32.load
     local.tee $3
     i32.add
     i32.load8_u
     local.tee $8
     i32.const 1
     i32.and
     if
      global.get $assembly/replay/search
      local.get $4
      local.get $3
      global.get $assembly/replay/width
      i32.sub
      local.tee $9
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $6
       local.get $9
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      i32.eqz
      if
       local.get $4
       local.get $9
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/replay/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $9
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     local.get $8
     i32.const 2
     i32.and
     if
      global.get $assembly/replay/search
      local.get $4
      local.get $3
      i32.const 1
      i32.add
      local.tee $9
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $6
       local.get $9
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      i32.eqz
      if
       local.get $4
       local.get $9
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/replay/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $9
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     local.get $8
     i32.const 4
     i32.and
     if
      global.get $assembly/replay/search
      local.get $4
      local.get $3
      global.get $assembly/replay/width
      i32.add
      local.tee $9
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $6
       local.get $9
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      i32.eqz
      if
       local.get $4
       local.get $9
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/replay/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $9
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     local.get $8
     i32.const 8
     i32.and
     if
      global.get $assembly/replay/search
      local.get $4
      local.get $3
      i32.const 1
      i32.sub
      local.tee $3
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $3
       local.get $6
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      i32.eqz
      if
       local.get $4
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/replay/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $3
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     global.get $assembly/replay/search
     local.get $4
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     i32.load
     i32.eq
     br_if $while-break|0
     br $while-continue|0
    end
   end
  end
  local.get $2
  global.set $assembly/replay/searchHead
  local.get $1
  global.set $assembly/replay/searchTail
  global.get $assembly/replay/search
  local.get $4
  local.get $0
  i32.const 2
  i32.shl
  i32.add
  i32.load
  i32.eq
 )
 (func $assembly/replay/prepare (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (result i32)
  (local $6 i64)
  local.get $0
  global.set $assembly/replay/width
  local.get $1
  global.set $assembly/replay/height
  local.get $0
  local.get $1
  i32.mul
  global.set $assembly/replay/cells
  local.get $2
  global.set $assembly/replay/people
  local.get $3
  global.set $assembly/replay/ignitionCount
  local.get $4
  global.set $assembly/replay/logLength
  local.get $5
  global.set $assembly/replay/logSteps
  i32.const 1192
  global.get $assembly/replay/cells
  i32.store
  i32.const 1196
  global.get $assembly/replay/cells
  i32.const 2
  i32.shl
  local.tee $0
  i32.store
  i32.const 1200
  local.get $2
  i32.const 2
  i32.shl
  local.tee $1
  i32.store
  i32.const 1204
  local.get $3
  i32.const 2
  i32.shl
  i32.store
  i32.const 1208
  local.get $4
  i32.store
  i32.const 1212
  local.get $4
  i32.store
  i32.const 1216
  local.get $4
  i32.store
  i32.const 1220
  local.get $5
  i32.const 1
  i32.add
  i32.const 2
  i32.shl
  local.tee $3
  i32.store
  i32.const 1224
  local.get $3
  i32.store
  i32.const 1228
  local.get $0
  i32.store
  i32.const 1232
  local.get $3
  i32.store
  i32.const 1236
  local.get $2
  local.get $4
  i32.add
  i32.const 2
  i32.shl
  i32.store
  i32.const 1240
  local.get $2
  i32.store
  i32.const 1244
  local.get $1
  i32.store
  i32.const 1248
  global.get $assembly/replay/cells
  i32.store
  i32.const 1252
  local.get $0
  i32.store
  i32.const 1256
  local.get $0
  i32.store
  i32.const 1260
  local.get $0
  i32.store
  i32.const 1264
  local.get $1
  i32.store
  i32.const 1268
  local.get $0
  i32.store
  i32.const 1272
  local.get $0
  i32.store
  i32.const 1276
  local.get $1
  i32.store
  i32.const 1280
  local.get $1
  i32.store
  i32.const 1284
  local.get $1
  i32.store
  i32.const 1288
  local.get $2
  i32.store
  i32.const 1292
  global.get $assembly/replay/cells
  i32.store
  i32.const 1296
  local.get $0
  i32.store
  i32.const 1300
  local.get $0
  i32.store
  i32.const 1304
  local.get $2
  i32.store
  i32.const 1308
  local.get $2
  i32.store
  i32.const 1312
  local.get $5
  i32.const 2
  i32.shl
  i32.store
  i32.const 1316
  global.get $assembly/replay/cells
  i32.store
  i32.const 1320
  local.get $0
  i32.store
  i32.const 1324
  global.get $assembly/replay/cells
  i32.store
  i32.const 1328
  local.get $0
  i32.store
  i64.const 1624
  local.set $6
  i32.const 0
  local.set $0
  loop $for-loop|0
   local.get $0
   i32.const 35
   i32.lt_s
   if
    local.get $0
    i32.const 2
    i32.shl
    local.tee $1
    i32.const 1024
    i32.add
    local.get $6
    i64.store32
    local.get $6
    local.get $1
    i32.const 1192
    i32.add
    i64.load32_u
    i64.add
    i64.const 7
    i64.add
    i64.const -8
    i64.and
    local.set $6
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|0
   end
  end
  local.get $6
  i64.const 4294901760
  i64.gt_u
  if
   i32.const -1
   return
  end
  local.get $6
  i64.const 65535
  i64.add
  i64.const 16
  i64.shr_u
  i32.wrap_i64
  local.tee $0
  memory.size
  local.tee $1
  i32.gt_s
  if (result i32)
   local.get $0
   local.get $1
   i32.sub
   memory.grow
   i32.const 0
   i32.lt_s
  else
   i32.const 0
  end
  if
   i32.const -1
   return
  end
  i32.const 0
 )
 (func $assembly/replay/movementUniform (param $0 i64) (result i64)
  (local $1 i64)
  (local $2 i64)
  local.get $0
  i64.const 1
  i64.sub
  local.tee $1
  local.get $0
  i64.and
  i64.eqz
  if
   global.get $assembly/replay/movementState
   i64.const 7046029254386353131
   i64.sub
   global.set $assembly/replay/movementState
   local.get $1
   global.get $assembly/replay/movementState
   local.tee $0
   local.get $0
   i64.const 30
   i64.shr_u
   i64.xor
   i64.const -4658895280553007687
   i64.mul
   local.tee $0
   local.get $0
   i64.const 27
   i64.shr_u
   i64.xor
   i64.const -7723592293110705685
   i64.mul
   local.tee $0
   local.get $0
   i64.const 31
   i64.shr_u
   i64.xor
   i64.and
   return
  end
  loop $do-loop|0
   global.get $assembly/replay/movementState
   i64.const 7046029254386353131
   i64.sub
   global.set $assembly/replay/movementState
   i64.const 0
   local.get $0
   i64.sub
   local.get $0
   i64.rem_u
   local.tee $1
   i64.eqz
   global.get $assembly/replay/movementState
   local.tee $2
   local.get $2
   i64.const 30
   i64.shr_u
   i64.xor
   i64.const -4658895280553007687
   i64.mul
   local.tee $2
   local.get $2
   i64.const 27
   i64.shr_u
   i64.xor
   i64.const -7723592293110705685
   i64.mul
   local.tee $2
   local.get $2
   i64.const 31
   i64.shr_u
   i64.xor
   local.tee $2
   i64.const 0
   local.get $1
   i64.sub
   i64.lt_u
   i32.or
   i32.eqz
   br_if $do-loop|0
  end
  local.get $2
  local.get $0
  i64.rem_u
 )
 (func $assembly/replay/initialState
  (local $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  i32.const 0
  global.set $assembly/replay/steps
  i32.const 0
  global.set $assembly/replay/termination
  i32.const 0
  global.set $assembly/replay/consumed
  i32.const 0
  global.set $assembly/replay/burningCount
  i32.const 0
  global.set $assembly/replay/ignitedTotal
  i32.const 0
  global.set $assembly/replay/trappedTotal
  i32.const 1084
  i32.load
  local.set $3
  i32.const 1088
  i32.load
  local.set $4
  i32.const 1032
  i32.load
  local.set $5
  i32.const 1080
  i32.load
  local.tee $6
  i32.const 0
  global.get $assembly/replay/cells
  memory.fill
  i32.const 1124
  i32.load
  i32.const 0
  global.get $assembly/replay/cells
  memory.fill
  i32.const 1100
  i32.load
  i32.const 0
  global.get $assembly/replay/cells
  i32.const 2
  i32.shl
  local.tee $0
  memory.fill
  i32.const 1104
  i32.load
  i32.const 255
  local.get $0
  memory.fill
  local.get $4
  i32.const 255
  local.get $0
  memory.fill
  i32.const 1120
  i32.load
  i32.const 0
  global.get $assembly/replay/people
  memory.fill
  i32.const 1072
  i32.load
  i32.const 0
  global.get $assembly/replay/people
  memory.fill
  i32.const 1076
  i32.load
  i32.const 255
  global.get $assembly/replay/people
  i32.const 2
  i32.shl
  memory.fill
  i32.const 1168
  i32.const 0
  i32.store
  i32.const 1172
  i32.const 0
  global.get $assembly/replay/width
  i32.sub
  i32.store
  i32.const 1176
  i32.const 1
  i32.store
  i32.const 1180
  global.get $assembly/replay/width
  i32.store
  i32.const 1184
  i32.const -1
  i32.store
  i32.const 1156
  i32.load
  local.set $7
  loop $for-loop|0
   local.get $1
   global.get $assembly/replay/height
   i32.lt_s
   if
    i32.const 0
    local.set $0
    loop $for-loop|1
     local.get $0
     global.get $assembly/replay/width
     i32.lt_s
     if
      local.get $1
      global.get $assembly/replay/width
      i32.mul
      local.get $0
      i32.add
      local.get $7
      i32.add
      local.get $1
      i32.const 0
      i32.gt_s
      local.tee $8
      i32.const 2
      i32.or
      local.get $8
      local.get $0
      global.get $assembly/replay/width
      i32.const 1
      i32.sub
      i32.lt_s
      select
      local.tee $8
      i32.const 4
      i32.or
      local.get $8
      local.get $1
      global.get $assembly/replay/height
      i32.const 1
      i32.sub
      i32.lt_s
      select
      local.tee $8
      i32.const 8
      i32.or
      local.get $8
      local.get $0
      i32.const 0
      i32.gt_s
      select
      i32.store8
      local.get $0
      i32.const 1
      i32.add
      local.set $0
      br $for-loop|1
     end
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|0
   end
  end
  i32.const 1148
  i32.load
  local.tee $7
  i32.const 1024
  i32.load
  global.get $assembly/replay/cells
  memory.copy
  i32.const 1092
  i32.load
  i32.const 0
  global.get $assembly/replay/cells
  i32.const 2
  i32.shl
  memory.fill
  i32.const 0
  global.set $assembly/replay/search
  i32.const 1028
  i32.load
  local.set $8
  i32.const 1152
  i32.load
  local.set $1
  i32.const 0
  global.set $assembly/replay/exitCount
  i32.const 0
  local.set $0
  loop $for-loop|2
   local.get $0
   global.get $assembly/replay/cells
   i32.lt_s
   if
    local.get $8
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.const 0
    i32.ge_s
    if
     global.get $assembly/replay/exitCount
     local.tee $9
     i32.const 1
     i32.add
     global.set $assembly/replay/exitCount
     local.get $1
     local.get $9
     i32.const 2
     i32.shl
     i32.add
     local.get $0
     i32.store
    end
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|2
   end
  end
  i32.const 1036
  i32.load
  local.set $9
  i32.const 0
  local.set $0
  loop $for-loop|3
   local.get $0
   global.get $assembly/replay/ignitionCount
   i32.lt_s
   if
    local.get $6
    local.get $9
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $10
    i32.add
    i32.const 1
    i32.store8
    local.get $7
    local.get $10
    i32.add
    i32.const 1
    i32.store8
    global.get $assembly/replay/burningCount
    local.tee $1
    i32.const 1
    i32.add
    global.set $assembly/replay/burningCount
    local.get $3
    local.get $1
    i32.const 2
    i32.shl
    i32.add
    local.get $10
    i32.store
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|3
   end
  end
  global.get $assembly/replay/burningCount
  global.set $assembly/replay/frontier
  i32.const 0
  global.set $assembly/replay/startsOnExit
  i32.const 0
  local.set $0
  loop $for-loop|4
   local.get $0
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $4
    local.get $5
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.const 2
    i32.shl
    local.tee $1
    i32.add
    local.get $0
    i32.store
    local.get $1
    local.get $8
    i32.add
    i32.load
    i32.const 0
    i32.ge_s
    if
     i32.const 1
     global.set $assembly/replay/startsOnExit
    end
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|4
   end
  end
  global.get $assembly/replay/people
  global.set $assembly/replay/activeCount
  i32.const 1052
  i32.load
  i32.const 0
  i32.store
  i32.const 1056
  i32.load
  i32.const 0
  i32.store
  i32.const 0
  local.set $0
  global.get $assembly/replay/search
  i32.const 1
  i32.add
  global.set $assembly/replay/search
  i32.const 1092
  i32.load
  local.set $1
  i32.const 1132
  i32.load
  local.set $3
  i32.const 1148
  i32.load
  local.set $4
  i32.const 1152
  i32.load
  local.set $5
  loop $for-loop|00
   local.get $2
   global.get $assembly/replay/exitCount
   i32.lt_s
   if
    local.get $4
    local.get $5
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $6
    i32.add
    i32.load8_u
    i32.eqz
    if
     local.get $1
     local.get $6
     i32.const 2
     i32.shl
     i32.add
     global.get $assembly/replay/search
     i32.store
     local.get $3
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     local.get $6
     i32.store
     local.get $0
     i32.const 1
     i32.add
     local.set $0
    end
    local.get $2
    i32.const 1
    i32.add
    local.set $2
    br $for-loop|00
   end
  end
  i32.const 0
  global.set $assembly/replay/searchHead
  local.get $0
  global.set $assembly/replay/searchTail
  i32.const 1072
  i32.load
  local.set $1
  i32.const 1032
  i32.load
  local.set $2
  i32.const 1068
  i32.load
  local.set $3
  i32.const 0
  local.set $0
  loop $for-loop|001
   local.get $0
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $0
    local.get $1
    i32.add
    i32.load8_u
    if (result i32)
     i32.const 1
    else
     local.get $2
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     i32.load
     call $assembly/replay/reachable
    end
    i32.eqz
    if
     global.get $assembly/replay/trappedTotal
     local.tee $4
     i32.const 1
     i32.add
     global.set $assembly/replay/trappedTotal
     local.get $3
     local.get $4
     i32.const 2
     i32.shl
     i32.add
     local.get $0
     i32.store
    end
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|001
   end
  end
  i32.const 1064
  i32.load
  global.get $assembly/replay/steps
  i32.const 2
  i32.shl
  i32.add
  global.get $assembly/replay/trappedTotal
  i32.store
 )
 (func $~start
  i32.const 0
  global.set $assembly/replay/termination
 )
 (func $assembly/replay/terminationCode (result i32)
  global.get $assembly/replay/termination
 )
 (func $assembly/replay/streamWords (param $0 i64) (param $1 i64) (param $2 i32) (param $3 i32)
  (local $4 i32)
  local.get $0
  local.get $1
  i64.const -3335678366873096957
  i64.mul
  i64.xor
  local.tee $0
  local.get $0
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $0
  local.get $0
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $0
  local.get $0
  i64.const 31
  i64.shr_u
  i64.xor
  local.set $1
  loop $for-loop|0
   local.get $2
   local.get $4
   i32.gt_s
   if
    local.get $3
    local.get $4
    i32.const 3
    i32.shl
    i32.add
    local.get $1
    i64.const 7046029254386353131
    i64.sub
    local.tee $1
    local.get $1
    i64.const 30
    i64.shr_u
    i64.xor
    i64.const -4658895280553007687
    i64.mul
    local.tee $0
    local.get $0
    i64.const 27
    i64.shr_u
    i64.xor
    i64.const -7723592293110705685
    i64.mul
    local.tee $0
    local.get $0
    i64.const 31
    i64.shr_u
    i64.xor
    i64.store
    local.get $4
    i32.const 1
    i32.add
    local.set $4
    br $for-loop|0
   end
  end
 )
 (func $assembly/replay/streamUniform (param $0 i64) (param $1 i64) (param $2 i32) (param $3 i32)
  (local $4 i32)
  (local $5 i64)
  (local $6 i32)
  global.get $assembly/replay/movementState
  local.get $0
  local.get $1
  i64.const -3335678366873096957
  i64.mul
  i64.xor
  local.tee $0
  local.get $0
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $0
  local.get $0
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $0
  local.get $0
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/movementState
  loop $for-loop|0
   local.get $2
   local.get $4
   i32.gt_s
   if
    local.get $3
    local.get $4
    i32.const 3
    i32.shl
    i32.add
    local.tee $6
    local.get $6
    i64.load
    call $assembly/replay/movementUniform
    i64.store
    local.get $4
    i32.const 1
    i32.add
    local.set $4
    br $for-loop|0
   end
  end
  global.get $assembly/replay/movementState
  i64.const 7046029254386353131
  i64.sub
  global.set $assembly/replay/movementState
  local.get $3
  local.get $2
  i32.const 3
  i32.shl
  i32.add
  global.get $assembly/replay/movementState
  local.tee $0
  local.get $0
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $0
  local.get $0
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $0
  local.get $0
  i64.const 31
  i64.shr_u
  i64.xor
  i64.store
  global.set $assembly/replay/movementState
 )
 (func $assembly/replay/stepOnce (result i32)
  i32.const 1
  global.get $assembly/replay/steps
  global.get $assembly/replay/logSteps
  i32.ge_s
  global.get $assembly/replay/termination
  select
  if
   i32.const 1
   return
  end
  global.get $assembly/replay/horizon
  call $assembly/replay/step
 )
 (func $assembly/replay/stepCount (result i32)
  global.get $assembly/replay/steps
 )
 (func $assembly/replay/spreadFire
  (local $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i64)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  i32.const 1080
  i32.load
  local.set $9
  i32.const 1084
  i32.load
  local.set $7
  i32.const 1124
  i32.load
  local.set $8
  i32.const 1128
  i32.load
  local.set $5
  i32.const 1060
  i32.load
  local.set $11
  i32.const 1148
  i32.load
  local.set $10
  i32.const 1156
  i32.load
  local.set $12
  loop $while-continue|0
   local.get $2
   global.get $assembly/replay/frontier
   i32.lt_s
   if
    i32.const 0
    local.set $4
    local.get $12
    local.get $7
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $13
    i32.add
    i32.load8_u
    local.tee $14
    i32.const 1
    i32.and
    if (result i32)
     local.get $13
     global.get $assembly/replay/width
     i32.sub
     local.get $10
     i32.add
     i32.load8_u
    else
     i32.const 1
    end
    i32.eqz
    if
     i32.const 1
     local.set $4
     local.get $13
     global.get $assembly/replay/width
     i32.sub
     local.tee $15
     local.get $8
     i32.add
     local.tee $16
     i32.load8_u
     i32.eqz
     if
      local.get $16
      i32.const 1
      i32.store8
      local.get $5
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      local.get $15
      i32.store
      local.get $0
      i32.const 1
      i32.add
      local.set $0
     end
    end
    local.get $14
    i32.const 2
    i32.and
    if (result i32)
     local.get $13
     i32.const 1
     i32.add
     local.get $10
     i32.add
     i32.load8_u
    else
     i32.const 1
    end
    i32.eqz
    if
     i32.const 1
     local.set $4
     local.get $13
     i32.const 1
     i32.add
     local.tee $15
     local.get $8
     i32.add
     local.tee $16
     i32.load8_u
     i32.eqz
     if
      local.get $16
      i32.const 1
      i32.store8
      local.get $5
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      local.get $15
      i32.store
      local.get $0
      i32.const 1
      i32.add
      local.set $0
     end
    end
    local.get $14
    i32.const 4
    i32.and
    if (result i32)
     local.get $13
     global.get $assembly/replay/width
     i32.add
     local.get $10
     i32.add
     i32.load8_u
    else
     i32.const 1
    end
    i32.eqz
    if
     i32.const 1
     local.set $4
     local.get $13
     global.get $assembly/replay/width
     i32.add
     local.tee $15
     local.get $8
     i32.add
     local.tee $16
     i32.load8_u
     i32.eqz
     if
      local.get $16
      i32.const 1
      i32.store8
      local.get $5
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      local.get $15
      i32.store
      local.get $0
      i32.const 1
      i32.add
      local.set $0
     end
    end
    local.get $14
    i32.const 8
    i32.and
    if (result i32)
     local.get $13
     i32.const 1
     i32.sub
     local.get $10
     i32.add
     i32.load8_u
    else
     i32.const 1
    end
    i32.eqz
    if
     i32.const 1
     local.set $4
     local.get $13
     i32.const 1
     i32.sub
     local.tee $14
     local.get $8
     i32.add
     local.tee $15
     i32.load8_u
     i32.eqz
     if
      local.get $15
      i32.const 1
      i32.store8
      local.get $5
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      local.get $14
      i32.store
      local.get $0
      i32.const 1
      i32.add
      local.set $0
     end
    end
    local.get $4
    if
     local.get $2
     i32.const 1
     i32.add
     local.set $2
    else
     global.get $assembly/replay/frontier
     i32.const 1
     i32.sub
     global.set $assembly/replay/frontier
     local.get $7
     local.get $2
     i32.const 2
     i32.shl
     i32.add
     local.get $7
     global.get $assembly/replay/frontier
     i32.const 2
     i32.shl
     i32.add
     local.tee $4
     i32.load
     i32.store
     local.get $4
     local.get $13
     i32.store
    end
    br $while-continue|0
   end
  end
  local.get $0
  i32.const 16
  i32.le_s
  if
   i32.const 1
   local.set $2
   loop $for-loop|0
    local.get $0
    local.get $2
    i32.gt_s
    if
     local.get $5
     local.get $2
     i32.const 2
     i32.shl
     i32.add
     i32.load
     local.set $4
     local.get $2
     i32.const 1
     i32.sub
     local.set $1
     loop $while-continue|1
      local.get $1
      i32.const 0
      i32.ge_s
      if (result i32)
       local.get $4
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.lt_s
      else
       i32.const 0
      end
      if
       local.get $5
       local.get $1
       i32.const 1
       i32.add
       i32.const 2
       i32.shl
       i32.add
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.store
       local.get $1
       i32.const 1
       i32.sub
       local.set $1
       br $while-continue|1
      end
     end
     local.get $5
     local.get $1
     i32.const 1
     i32.add
     i32.const 2
     i32.shl
     i32.add
     local.get $4
     i32.store
     local.get $2
     i32.const 1
     i32.add
     local.set $2
     br $for-loop|0
    end
   end
  else
   global.get $assembly/replay/cells
   local.get $0
   i32.const 3
   i32.shl
   i32.le_s
   if
    i32.const 0
    local.set $4
    loop $for-loop|2
     local.get $0
     local.get $1
     i32.gt_s
     if
      local.get $4
      local.get $8
      i32.add
      i32.load8_u
      if
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $4
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
      local.get $4
      i32.const 1
      i32.add
      local.set $4
      br $for-loop|2
     end
    end
   else
    local.get $5
    local.get $0
    call $assembly/replay/sort
   end
  end
  global.get $assembly/replay/ignitedTotal
  loop $for-loop|1
   local.get $0
   local.get $6
   i32.gt_s
   if
    local.get $5
    local.get $6
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $4
    local.get $8
    i32.add
    i32.const 0
    i32.store8
    local.get $4
    local.get $12
    i32.add
    i32.load8_u
    local.tee $13
    i32.const 1
    i32.and
    if (result i32)
     local.get $4
     global.get $assembly/replay/width
     i32.sub
     local.get $9
     i32.add
     i32.load8_u
     i32.const 1
     i32.eq
    else
     i32.const 0
    end
    if (result i32)
     global.get $assembly/replay/fireState
     i64.const 7046029254386353131
     i64.sub
     global.set $assembly/replay/fireState
     i32.const 1
     global.get $assembly/replay/threshold
     global.get $assembly/replay/fireState
     local.tee $3
     local.get $3
     i64.const 30
     i64.shr_u
     i64.xor
     i64.const -4658895280553007687
     i64.mul
     local.tee $3
     local.get $3
     i64.const 27
     i64.shr_u
     i64.xor
     i64.const -7723592293110705685
     i64.mul
     local.tee $3
     local.get $3
     i64.const 31
     i64.shr_u
     i64.xor
     i64.gt_u
     global.get $assembly/replay/always
     select
    else
     i32.const 0
    end
    local.set $1
    local.get $13
    i32.const 2
    i32.and
    if (result i32)
     local.get $4
     i32.const 1
     i32.add
     local.get $9
     i32.add
     i32.load8_u
     i32.const 1
     i32.eq
    else
     i32.const 0
    end
    if
     global.get $assembly/replay/fireState
     i64.const 7046029254386353131
     i64.sub
     global.set $assembly/replay/fireState
     local.get $1
     i32.const 1
     global.get $assembly/replay/threshold
     global.get $assembly/replay/fireState
     local.tee $3
     local.get $3
     i64.const 30
     i64.shr_u
     i64.xor
     i64.const -4658895280553007687
     i64.mul
     local.tee $3
     local.get $3
     i64.const 27
     i64.shr_u
     i64.xor
     i64.const -7723592293110705685
     i64.mul
     local.tee $3
     local.get $3
     i64.const 31
     i64.shr_u
     i64.xor
     i64.gt_u
     global.get $assembly/replay/always
     select
     i32.or
     local.set $1
    end
    local.get $13
    i32.const 4
    i32.and
    if (result i32)
     local.get $4
     global.get $assembly/replay/width
     i32.add
     local.get $9
     i32.add
     i32.load8_u
     i32.const 1
     i32.eq
    else
     i32.const 0
    end
    if
     global.get $assembly/replay/fireState
     i64.const 7046029254386353131
     i64.sub
     global.set $assembly/replay/fireState
     local.get $1
     i32.const 1
     global.get $assembly/replay/threshold
     global.get $assembly/replay/fireState
     local.tee $3
     local.get $3
     i64.const 30
     i64.shr_u
     i64.xor
     i64.const -4658895280553007687
     i64.mul
     local.tee $3
     local.get $3
     i64.const 27
     i64.shr_u
     i64.xor
     i64.const -7723592293110705685
     i64.mul
     local.tee $3
     local.get $3
     i64.const 31
     i64.shr_u
     i64.xor
     i64.gt_u
     global.get $assembly/replay/always
     select
     i32.or
     local.set $1
    end
    local.get $13
    i32.const 8
    i32.and
    if (result i32)
     local.get $4
     i32.const 1
     i32.sub
     local.get $9
     i32.add
     i32.load8_u
     i32.const 1
     i32.eq
    else
     i32.const 0
    end
    if (result i32)
     global.get $assembly/replay/fireState
     i64.const 7046029254386353131
     i64.sub
     global.set $assembly/replay/fireState
     local.get $1
     i32.const 1
     global.get $assembly/replay/threshold
     global.get $assembly/replay/fireState
     local.tee $3
     local.get $3
     i64.const 30
     i64.shr_u
     i64.xor
     i64.const -4658895280553007687
     i64.mul
     local.tee $3
     local.get $3
     i64.const 27
     i64.shr_u
     i64.xor
     i64.const -7723592293110705685
     i64.mul
     local.tee $3
     local.get $3
     i64.const 31
     i64.shr_u
     i64.xor
     i64.gt_u
     global.get $assembly/replay/always
     select
     i32.or
    else
     local.get $1
    end
    if
     global.get $assembly/replay/ignitedTotal
     local.tee $1
     i32.const 1
     i32.add
     global.set $assembly/replay/ignitedTotal
     local.get $11
     local.get $1
     i32.const 2
     i32.shl
     i32.add
     local.get $4
     i32.store
    end
    local.get $6
    i32.const 1
    i32.add
    local.set $6
    br $for-loop|1
   end
  end
  local.set $0
  loop $for-loop|20
   local.get $0
   global.get $assembly/replay/ignitedTotal
   i32.lt_s
   if
    local.get $11
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $1
    local.get $9
    i32.add
    i32.const 1
    i32.store8
    local.get $1
    local.get $10
    i32.add
    i32.const 1
    i32.store8
    local.get $7
    global.get $assembly/replay/burningCount
    i32.const 2
    i32.shl
    i32.add
    local.get $7
    global.get $assembly/replay/frontier
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.store
    global.get $assembly/replay/frontier
    local.tee $2
    i32.const 1
    i32.add
    global.set $assembly/replay/frontier
    local.get $7
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    local.get $1
    i32.store
    global.get $assembly/replay/burningCount
    i32.const 1
    i32.add
    global.set $assembly/replay/burningCount
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|20
   end
  end
 )
 (func $assembly/replay/run (param $0 i32) (param $1 i32) (param $2 i64) (param $3 i64) (param $4 i32) (result i32)
  local.get $1
  i32.const 0
  i32.ne
  global.set $assembly/replay/blocked
  local.get $4
  i32.const 0
  i32.ne
  global.set $assembly/replay/always
  local.get $3
  global.set $assembly/replay/threshold
  local.get $2
  i64.const -3335678366873096957
  i64.xor
  local.tee $3
  local.get $3
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $3
  local.get $3
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $3
  local.get $3
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/fireState
  local.get $2
  i64.const -6671356733746193914
  i64.xor
  local.tee $2
  local.get $2
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $2
  local.get $2
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $2
  local.get $2
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/movementState
  call $assembly/replay/initialState
  loop $while-continue|0
   global.get $assembly/replay/termination
   i32.eqz
   if
    global.get $assembly/replay/steps
    global.get $assembly/replay/logSteps
    i32.ge_s
    if
     i32.const 1
     return
    end
    local.get $0
    call $assembly/replay/step
    local.tee $1
    if
     local.get $1
     return
    end
    br $while-continue|0
   end
  end
  i32.const 0
 )
 (func $assembly/replay/resolveIntents (result i32)
  (local $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  (local $17 i32)
  (local $18 i32)
  (local $19 i32)
  (local $20 i32)
  i32.const 1072
  i32.load
  local.set $15
  i32.const 1040
  i32.load
  local.set $14
  i32.const 1136
  i32.load
  local.set $18
  i32.const 1032
  i32.load
  local.set $13
  i32.const 1096
  i32.load
  local.set $12
  i32.const 1024
  i32.load
  local.set $11
  i32.const 1080
  i32.load
  local.set $10
  i32.const 1156
  i32.load
  local.set $9
  i32.const 1140
  i32.load
  local.set $8
  i32.const 1100
  i32.load
  local.set $7
  i32.const 1104
  i32.load
  local.set $6
  i32.const 1108
  i32.load
  local.set $17
  i32.const 1160
  i32.load
  local.set $16
  i32.const 1112
  i32.load
  local.set $5
  i32.const 0
  global.set $assembly/replay/contestedCount
  global.get $assembly/replay/consumed
  local.set $1
  loop $for-loop|0
   local.get $19
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $8
    local.get $19
    i32.add
    i32.const 0
    i32.store8
    block $for-continue|0
     local.get $15
     local.get $19
     i32.add
     i32.load8_u
     if
      local.get $18
      local.get $19
      i32.add
      i32.const 255
      i32.store8
      br $for-continue|0
     end
     local.get $1
     local.tee $0
     i32.const 1
     i32.add
     local.set $1
     local.get $0
     local.get $14
     i32.add
     i32.load8_u
     local.tee $2
     i32.const 4
     i32.gt_u
     if
      i32.const 0
      return
     end
     local.get $2
     i32.eqz
     if
      local.get $18
      local.get $19
      i32.add
      i32.const 0
      i32.store8
      br $for-continue|0
     end
     i32.const 254
     local.set $20
     local.get $9
     local.get $13
     local.get $19
     i32.const 2
     i32.shl
     i32.add
     i32.load
     local.tee $0
     i32.add
     i32.load8_u
     i32.const 1
     local.get $2
     i32.const 1
     i32.sub
     i32.const 7
     i32.and
     i32.shl
     i32.and
     if
      local.get $11
      local.get $0
      local.get $2
      i32.const 2
      i32.shl
      i32.const 1168
      i32.add
      i32.load
      i32.add
      local.tee $4
      i32.add
      i32.load8_u
      i32.const 1
      i32.eq
      if
       i32.const 3
       local.set $20
      else
       global.get $assembly/replay/blocked
       if (result i32)
        local.get $4
        local.get $10
        i32.add
        i32.load8_u
        i32.const 1
        i32.eq
       else
        i32.const 0
       end
       if
        i32.const 4
        local.set $20
       else
        local.get $12
        local.get $19
        i32.const 2
        i32.shl
        i32.add
        local.get $4
        i32.store
        local.get $7
        local.get $4
        i32.const 2
        i32.shl
        local.tee $2
        i32.add
        local.tee $0
        i32.load
        i32.const 1
        i32.add
        local.set $3
        local.get $0
        local.get $3
        i32.store
        local.get $3
        i32.const 1
        i32.eq
        if
         local.get $2
         local.get $6
         i32.add
         local.get $19
         i32.store
        else
         local.get $17
         local.get $16
         local.get $4
         i32.const 2
         i32.shl
         i32.add
         i32.load
         i32.const 2
         i32.shl
         i32.add
         local.get $19
         i32.store
         local.get $3
         i32.const 2
         i32.eq
         if
          global.get $assembly/replay/contestedCount
          local.tee $0
          i32.const 1
          i32.add
          global.set $assembly/replay/contestedCount
          local.get $5
          local.get $0
          i32.const 2
          i32.shl
          i32.add
          local.get $4
          i32.store
         end
        end
        local.get $16
        local.get $4
        i32.const 2
        i32.shl
        i32.add
        local.get $19
        i32.store
        local.get $17
        local.get $19
        i32.const 2
        i32.shl
        i32.add
        i32.const -1
        i32.store
       end
      end
     else
      i32.const 2
      local.set $20
     end
     local.get $18
     local.get $19
     i32.add
     local.get $20
     i32.store8
    end
    local.get $19
    i32.const 1
    i32.add
    local.set $19
    br $for-loop|0
   end
  end
  i32.const 1
 )
 (func $assembly/replay/resolveChains
  (local $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  i32.const 1136
  i32.load
  local.set $4
  i32.const 1096
  i32.load
  local.set $5
  i32.const 1116
  i32.load
  local.set $7
  i32.const 1120
  i32.load
  local.set $6
  i32.const 1088
  i32.load
  local.set $10
  i32.const 1100
  i32.load
  local.set $8
  i32.const 1104
  i32.load
  local.set $9
  loop $for-loop|0
   local.get $1
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $1
    local.get $4
    i32.add
    i32.load8_u
    local.tee $0
    i32.const 6
    i32.eq
    if
     local.get $8
     local.get $5
     local.get $1
     i32.const 2
     i32.shl
     i32.add
     i32.load
     i32.const 2
     i32.shl
     local.tee $2
     i32.add
     i32.const 0
     i32.store
     local.get $2
     local.get $9
     i32.add
     i32.const -1
     i32.store
    end
    local.get $0
    i32.const 254
    i32.eq
    if
     i32.const 0
     local.set $2
     local.get $1
     local.set $0
     loop $for-loop|1 (result i32)
      block $for-break1 (result i32)
       local.get $2
       local.tee $3
       i32.const 1
       i32.add
       local.set $2
       local.get $7
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       local.get $0
       i32.store
       local.get $0
       local.get $6
       i32.add
       i32.const 1
       i32.store8
       i32.const 1
       local.get $10
       local.get $5
       local.get $0
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.tee $0
       i32.const 0
       i32.lt_s
       br_if $for-break1
       drop
       i32.const 7
       local.get $0
       local.get $6
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
       br_if $for-break1
       drop
       local.get $0
       local.get $4
       i32.add
       i32.load8_u
       local.tee $3
       i32.const 254
       i32.eq
       br_if $for-loop|1
       i32.const 1
       i32.const 5
       local.get $3
       i32.const 1
       i32.eq
       select
      end
     end
     local.set $13
     i32.const 0
     local.set $0
     loop $for-loop|2
      local.get $0
      local.get $2
      i32.lt_s
      if
       local.get $4
       local.get $7
       local.get $0
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.tee $3
       i32.add
       local.get $13
       i32.store8
       local.get $3
       local.get $6
       i32.add
       i32.const 0
       i32.store8
       local.get $8
       local.get $3
       i32.const 2
       i32.shl
       local.tee $14
       local.get $5
       i32.add
       i32.load
       local.tee $11
       i32.const 2
       i32.shl
       local.tee $12
       i32.add
       i32.const 0
       i32.store
       local.get $9
       local.get $12
       i32.add
       i32.const -1
       i32.store
       local.get $13
       i32.const 1
       i32.eq
       if
        local.get $3
        i32.const 1088
        i32.load
        local.tee $12
        i32.const 1032
        i32.load
        local.tee $15
        local.get $14
        i32.add
        i32.load
        i32.const 2
        i32.shl
        i32.add
        local.tee $14
        i32.load
        i32.eq
        if
         local.get $14
         i32.const -1
         i32.store
        end
        local.get $15
        local.get $3
        i32.const 2
        i32.shl
        i32.add
        local.get $11
        i32.store
        local.get $11
        i32.const 1080
        i32.load
        i32.add
        i32.load8_u
        i32.const 1
        i32.eq
        if
         local.get $3
         i32.const 1072
         i32.load
         i32.add
         i32.const 2
         i32.store8
         local.get $3
         i32.const 1140
         i32.load
         i32.add
         i32.const 2
         i32.store8
        else
         i32.const 1028
         i32.load
         local.get $11
         i32.const 2
         i32.shl
         i32.add
         i32.load
         i32.const 0
         i32.ge_s
         if
          local.get $3
          i32.const 1072
          i32.load
          i32.add
          i32.const 1
          i32.store8
          local.get $3
          i32.const 1140
          i32.load
          i32.add
          i32.const 1
          i32.store8
         else
          local.get $12
          local.get $11
          i32.const 2
          i32.shl
          i32.add
          local.get $3
          i32.store
         end
        end
       end
       local.get $0
       i32.const 1
       i32.add
       local.set $0
       br $for-loop|2
      end
     end
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|0
   end
  end
 )
 (func $assembly/replay/regrow (param $0 i32) (param $1 i32) (result i32)
  (local $2 i32)
  (local $3 i32)
  local.get $1
  global.get $assembly/replay/logSteps
  i32.lt_s
  local.get $0
  global.get $assembly/replay/logLength
  i32.lt_s
  i32.or
  if
   i32.const -1
   return
  end
  global.get $assembly/replay/logLength
  local.set $2
  global.get $assembly/replay/logSteps
  local.set $3
  i32.const 1336
  i32.const 1024
  i32.const 140
  memory.copy
  i32.const 1480
  i32.const 1192
  i32.const 140
  memory.copy
  global.get $assembly/replay/width
  global.get $assembly/replay/height
  global.get $assembly/replay/people
  global.get $assembly/replay/ignitionCount
  local.get $0
  local.get $1
  call $assembly/replay/prepare
  i32.eqz
  local.set $1
  i32.const 0
  local.set $0
  loop $for-loop|0
   local.get $0
   i32.const 35
   i32.lt_s
   i32.const 0
   local.get $1
   select
   if
    local.get $0
    i32.const 2
    i32.shl
    local.tee $1
    i32.const 1024
    i32.add
    i32.load
    local.get $1
    i32.const 1336
    i32.add
    i32.load
    i32.ge_u
    if (result i32)
     local.get $1
     i32.const 1192
     i32.add
     i32.load
     local.get $1
     i32.const 1480
     i32.add
     i32.load
     i32.ge_u
    else
     i32.const 0
    end
    local.set $1
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|0
   end
  end
  local.get $1
  i32.eqz
  if
   i32.const 1024
   i32.const 1336
   i32.const 140
   memory.copy
   i32.const 1192
   i32.const 1480
   i32.const 140
   memory.copy
   local.get $2
   global.set $assembly/replay/logLength
   local.get $3
   global.set $assembly/replay/logSteps
   i32.const -1
   return
  end
  i32.const 34
  local.set $0
  loop $for-loop|1
   local.get $0
   i32.const 0
   i32.ge_s
   if
    local.get $0
    i32.const 2
    i32.shl
    local.tee $1
    i32.const 1336
    i32.add
    i32.load
    local.tee $2
    local.get $1
    i32.const 1024
    i32.add
    i32.load
    local.tee $3
    i32.ne
    if
     local.get $3
     local.get $2
     local.get $1
     i32.const 1480
     i32.add
     i32.load
     memory.copy
    end
    local.get $0
    i32.const 1
    i32.sub
    local.set $0
    br $for-loop|1
   end
  end
  i32.const 0
 )
 (func $assembly/replay/region (param $0 i32) (result i32)
  local.get $0
  i32.const 2
  i32.shl
  i32.const 1024
  i32.add
  i32.load
 )
 (func $assembly/replay/ignitesWord (param $0 i64) (param $1 i64) (param $2 i32) (result i32)
  i32.const 1
  local.get $0
  local.get $1
  i64.lt_u
  local.get $2
  select
  i32.const 0
  i32.ne
 )
 (func $assembly/replay/heapBase (result i32)
  i32.const 1620
 )
 (func $assembly/replay/entriesConsumed (result i32)
  global.get $assembly/replay/consumed
 )
 (func $assembly/replay/begin (param $0 i32) (param $1 i32) (param $2 i64) (param $3 i64) (param $4 i32) (result i32)
  local.get $1
  i32.const 0
  i32.ne
  global.set $assembly/replay/blocked
  local.get $4
  i32.const 0
  i32.ne
  global.set $assembly/replay/always
  local.get $3
  global.set $assembly/replay/threshold
  local.get $0
  global.set $assembly/replay/horizon
  local.get $2
  i64.const -3335678366873096957
  i64.xor
  local.tee $3
  local.get $3
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $3
  local.get $3
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $3
  local.get $3
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/fireState
  local.get $2
  i64.const -6671356733746193914
  i64.xor
  local.tee $2
  local.get $2
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $2
  local.get $2
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $2
  local.get $2
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/movementState
  call $assembly/replay/initialState
  global.get $assembly/replay/activeCount
 )
)
