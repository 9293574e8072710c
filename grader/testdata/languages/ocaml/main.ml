(* A correct student compiler in OCaml: native code with its garbage collector, a thread for its
   front end, its own file read from beside it, and a child process, the native core that computes
   the language (core/uirc-core). *)

let here = Filename.dirname Sys.executable_name

(* The value of `key=value` in the student's own configuration file. *)
let setting file key =
  let ic = open_in file in
  let rec find () =
    match input_line ic with
    | line when String.length line > String.length key && String.sub line 0 (String.length key + 1) = key ^ "=" ->
        String.trim (String.sub line (String.length key + 1) (String.length line - String.length key - 1))
    | _ -> find ()
    | exception End_of_file -> failwith (file ^ " has no " ^ key)
  in
  let value = find () in
  close_in ic;
  value

(* The front end: each line split into tokens (garbage at once), on a thread of its own. *)
let count_tokens program =
  let ic = open_in program in
  let tokens = ref 0 in
  (try
     while true do
       let words = String.split_on_char ' ' (input_line ic) in
       tokens := !tokens + List.length (List.filter (fun w -> w <> "") words)
     done
   with End_of_file -> ());
  close_in ic;
  !tokens

let rec wait pid =
  match Unix.waitpid [] pid with
  | _, Unix.WEXITED code -> code
  | _, (Unix.WSIGNALED _ | Unix.WSTOPPED _) -> 3
  | exception Unix.Unix_error (Unix.EINTR, _, _) -> wait pid

let compile command program core =
  let tokens = ref 0 in
  let front_end = Thread.create (fun () -> tokens := count_tokens program) () in
  Thread.join front_end;
  if !tokens < 0 then 3
  else if command = "run" then
    wait (Unix.create_process core [| core; command; program |] Unix.stdin Unix.stdout Unix.stderr)
  else begin
    let out_read, out_write = Unix.pipe ~cloexec:true () in
    let pid = Unix.create_process core [| core; command; program |] Unix.stdin out_write Unix.stderr in
    Unix.close out_write;
    let c = Buffer.create 65536 and chunk = Bytes.create 65536 in
    let rec drain () =
      let n = Unix.read out_read chunk 0 (Bytes.length chunk) in
      if n > 0 then (Buffer.add_subbytes c chunk 0 n; drain ())
    in
    drain ();
    Unix.close out_read;
    print_string (Buffer.contents c);
    flush stdout;
    wait pid
  end

(* `hog`, which no grader sends: memory held without end, for the memory-limit test. *)
let hog () =
  let rec grow held = grow (Bytes.make (1 lsl 20) 'x' :: held) in
  grow []

let () =
  match Sys.argv with
  | [| _; "hog"; _ |] -> hog ()
  | [| _; ("run" | "render") as command; program |] ->
      let core = Filename.concat here (setting (Filename.concat here "uirc.conf") "core") in
      exit (compile command program core)
  | _ ->
      prerr_endline "usage: student-uirc run|render PROG.uir";
      exit 2
